import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import { Select } from '@mantine/core';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/format';
import { supportedTimeZones } from '../lib/time-zones';
import { gmtOffsetLabel } from '../lib/zoned-time';

/** The zone's generic name in the reader's language ("Arabian Standard Time", "توقيت السعودية"). */
function genericName(timeZone: string, locale: string): string | null {
  try {
    const name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    // Zones without a name of their own answer a bare offset, which the label already shows.
    return name && !/^(GMT|UTC|غرينتش)/.test(name) ? name : null;
  } catch {
    return null;
  }
}

export interface TimeZoneSelectProps {
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

/**
 * Every IANA zone, searchable by city ("New York"), region and the zone's name in the reader's
 * language, each with its offset now.
 */
export function TimeZoneSelect({
  value,
  onChange,
  error,
  description,
  disabled,
}: TimeZoneSelectProps) {
  const { t, i18n } = useTranslation('organizer');
  const data = useMemo(() => {
    const locale = intlLocale(i18n.language);
    return supportedTimeZones().map((zone) => {
      const name = genericName(zone, locale);
      const place = zone.replace(/_/g, ' ');
      return {
        value: zone,
        label: `${place} (${gmtOffsetLabel(zone)})${name ? ` · ${name}` : ''}`,
      };
    });
  }, [i18n.language]);

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
