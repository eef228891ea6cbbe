import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import { Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  foldForSearch,
  timeZoneCountry,
  timeZoneLabel,
  timeZoneSearchText,
} from '@hafla/shared/common/time-zone-names';
import { supportedTimeZones } from '../lib/time-zones';

export interface TimeZoneSelectProps {
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

/**
 * Every IANA zone, named as people read it ("Riyadh time (GMT+3) · Saudi Arabia", "توقيت الرياض
 * (غرينتش+3) · السعودية"), found by its city or country in English or Arabic whatever the page's
 * language (أ, إ and ا alike, ة as ه), or by its IANA name.
 */
export function TimeZoneSelect({
  value,
  onChange,
  error,
  description,
  disabled,
}: TimeZoneSelectProps) {
  const { t, i18n } = useTranslation('organizer');
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const { data, searchText } = useMemo(() => {
    const now = new Date();
    const searchText = new Map<string, string>();
    const data = supportedTimeZones().map((zone) => {
      const country = timeZoneCountry(zone, language);
      const label = `${timeZoneLabel(zone, language, now)}${country ? ` · ${country}` : ''}`;
      searchText.set(zone, `${foldForSearch(label)} ${timeZoneSearchText(zone)}`);
      return { value: zone, label };
    });
    return { data, searchText };
  }, [language]);
  const filter: OptionsFilter = ({ options, search }) => {
    const words = foldForSearch(search).split(/\s+/).filter(Boolean);
    if (words.length === 0) return options;
    return (options as ComboboxItem[]).filter((option) => {
      const text = searchText.get(option.value) ?? '';
      return words.every((word) => text.includes(word));
    });
  };

  return (
    <Select
      label={t('details.timezone')}
      description={description}
      data={data}
      value={value}
      onChange={(next) => {
        if (next) onChange(next);
      }}
      searchable
      filter={filter}
      allowDeselect={false}
      nothingFoundMessage={t('details.timezoneNotFound')}
      maxDropdownHeight={280}
      error={error}
      disabled={disabled}
      required
      comboboxProps={{ position: 'bottom-start' }}
    />
  );
}
