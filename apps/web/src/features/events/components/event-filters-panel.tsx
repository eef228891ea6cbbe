import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Chip.layer.css';
import { Button, Checkbox, Chip, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '@hafla/shared/catalog/categories';
import type { EventType } from '@hafla/shared/catalog/event-types';
import type { Language } from '@hafla/shared/common/i18n';
import { FieldPair } from '../../../components/field-pair';
import { PlacePicker } from '../../../components/place-picker';
import { isolate } from '../../../lib/bidi';
import { cityAt, savePlace } from '../../../lib/places';
import type { Coordinates } from '../../../lib/places';
import { RADIUS_CHOICES_KM, hasPlace, inOrder, matchingDatePreset } from '../api/event-filters';
import { DEFAULT_RADIUS_KM, datePresetRange } from '../api/events-path';
import type { EventFilters } from '../api/events-path';
import classes from './events.module.css';

export interface EventFiltersPanelProps {
  filters: EventFilters;
  /** Receives only what changed, so quick successive changes never undo each other. */
  onChange: (patch: Partial<EventFilters>) => void;
  categories: readonly Category[];
  eventTypes: readonly EventType[];
  /** The platform currency that price bounds are typed in. */
  currency: string;
}

function FilterGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className={classes.filterGroup}>
      <legend className={classes.filterLegend}>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** The place being searched around, as a reader knows it: a city's name or the coordinates. */
export function usePlaceLabel(filters: Pick<EventFilters, 'lat' | 'lng'>): string | null {
  const { i18n } = useTranslation();
  if (filters.lat === null || filters.lng === null) return null;
  const language: Language = i18n.language === 'ar' ? 'ar' : 'en';
  const city = cityAt(filters.lat, filters.lng);
  return city ? city.name[language] : isolate(`${filters.lat}, ${filters.lng}`);
}

function PlaceFilter({ filters, onChange }: EventFiltersPanelProps) {
  const { t } = useTranslation('events');
  const placeLabel = usePlaceLabel(filters);
  const [isChanging, setIsChanging] = useState(false);

  function pick(place: Coordinates) {
    savePlace(place);
    setIsChanging(false);
    onChange({ lat: place.lat, lng: place.lng });
  }

  if (!hasPlace(filters) || isChanging) {
    return (
      <>
        <PlacePicker onPick={pick} withCoordinates />
        {isChanging && (
          <Button variant="subtle" onClick={() => setIsChanging(false)}>
            {t('filters.place.keep')}
          </Button>
        )}
      </>
    );
  }

  return (
    <>
      <Text fw={700}>{t('filters.place.near', { place: placeLabel })}</Text>
      <NativeSelect
        label={t('filters.place.radius')}
        value={String(filters.radiusKm ?? DEFAULT_RADIUS_KM)}
        onChange={(event) => onChange({ radiusKm: Number(event.currentTarget.value) })}
        data={RADIUS_CHOICES_KM.map((km) => ({
          value: String(km),
          label: t('filters.place.within', { km }),
        }))}
      />
      <Group gap="xs">
        <Button variant="default" onClick={() => setIsChanging(true)}>
          {t('filters.place.change')}
        </Button>
        <Button
          variant="subtle"
          onClick={() => {
            savePlace(null);
            onChange({
              lat: null,
              lng: null,
              radiusKm: null,
              sort: filters.sort === 'distance' ? null : filters.sort,
            });
          }}
        >
          {t('filters.place.clear')}
        </Button>
      </Group>
    </>
  );
}

const DATE_CHOICES = ['any', 'today', 'tomorrow', 'weekend', 'custom'] as const;
type DateChoice = (typeof DATE_CHOICES)[number];

function DateFilter({ filters, onChange }: EventFiltersPanelProps) {
  const { t } = useTranslation('events');
  const hasDates = filters.dateFrom !== null || filters.dateTo !== null;
  const preset = hasDates ? matchingDatePreset(filters) : null;
  const [isCustom, setIsCustom] = useState(hasDates && preset === null);
  const choice: DateChoice = isCustom ? 'custom' : hasDates ? (preset ?? 'custom') : 'any';

  function choose(value: string) {
    const next = value as DateChoice;
    setIsCustom(next === 'custom');
    if (next === 'any') onChange({ dateFrom: null, dateTo: null });
    else if (next !== 'custom') onChange({ ...datePresetRange(next) });
  }

  return (
    <>
      <Chip.Group value={choice} onChange={choose}>
        <Group gap="xs">
          {DATE_CHOICES.map((value) => (
            <Chip key={value} value={value} variant="outline">
              {t(`filters.date.${value}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {choice === 'custom' && (
        <FieldPair>
          <TextInput
            type="date"
            label={t('filters.date.from')}
            value={filters.dateFrom ?? ''}
            max={filters.dateTo ?? undefined}
            onChange={(event) => onChange({ dateFrom: event.currentTarget.value || null })}
          />
          <TextInput
            type="date"
            label={t('filters.date.to')}
            value={filters.dateTo ?? ''}
            min={filters.dateFrom ?? undefined}
            onChange={(event) => onChange({ dateTo: event.currentTarget.value || null })}
          />
        </FieldPair>
      )}
    </>
  );
}

function readPrice(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 ? value : null;
}

function PriceFilter({ filters, onChange, currency }: EventFiltersPanelProps) {
  const { t } = useTranslation('events');
  const [minText, setMinText] = useState(filters.priceMin?.toString() ?? '');
  const [maxText, setMaxText] = useState(filters.priceMax?.toString() ?? '');
  const [shown, setShown] = useState({ min: filters.priceMin, max: filters.priceMax });

  // The address bar changed (a chip removed, "Clear all"): show what it now says — in the field
  // whose bound changed only, so that one being typed in is not undone.
  if (shown.min !== filters.priceMin || shown.max !== filters.priceMax) {
    setShown({ min: filters.priceMin, max: filters.priceMax });
    if (shown.min !== filters.priceMin) setMinText(filters.priceMin?.toString() ?? '');
    if (shown.max !== filters.priceMax) setMaxText(filters.priceMax?.toString() ?? '');
  }

  // Typed amounts apply when the field is left or Enter is pressed, not on every keystroke.
  function commit() {
    const [priceMin, priceMax] = inOrder(readPrice(minText), readPrice(maxText));
    if (priceMin !== filters.priceMin || priceMax !== filters.priceMax) {
      onChange({ priceMin, priceMax });
    } else {
      // The same bounds typed the other way round: the fields show them in order.
      setMinText(priceMin?.toString() ?? '');
      setMaxText(priceMax?.toString() ?? '');
    }
  }

  function commitOnEnter(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') commit();
  }

  return (
    <>
      <Checkbox
        label={t('filters.price.free')}
        checked={filters.free}
        onChange={(event) => onChange({ free: event.currentTarget.checked })}
        size="md"
      />
      <FieldPair>
        <TextInput
          label={t('filters.price.min', { currency })}
          inputMode="decimal"
          dir="ltr"
          value={minText}
          disabled={filters.free}
          onChange={(event) => setMinText(event.currentTarget.value)}
          onBlur={commit}
          onKeyDown={commitOnEnter}
        />
        <TextInput
          label={t('filters.price.max', { currency })}
          inputMode="decimal"
          dir="ltr"
          value={maxText}
          disabled={filters.free}
          onChange={(event) => setMaxText(event.currentTarget.value)}
          onBlur={commit}
          onKeyDown={commitOnEnter}
        />
      </FieldPair>
      <Text size="sm" c="dimmed">
        {t('filters.price.converted')}
      </Text>
    </>
  );
}

/** Every filter of the events list; the same panel sits beside the results or in a drawer. */
export function EventFiltersPanel(props: EventFiltersPanelProps) {
  const { t } = useTranslation('events');
  const { filters, onChange, categories, eventTypes } = props;
  const categoryValue =
    categories.find(
      (category) => category.slug === filters.category || String(category.id) === filters.category,
    )?.slug ?? '';
  const typeValue =
    eventTypes.find((type) => type.slug === filters.type || String(type.id) === filters.type)
      ?.slug ?? '';

  return (
    <div className={classes.filters}>
      <FilterGroup legend={t('filters.place.legend')}>
        <PlaceFilter {...props} />
      </FilterGroup>
      <FilterGroup legend={t('filters.date.legend')}>
        <DateFilter {...props} />
      </FilterGroup>
      <FilterGroup legend={t('filters.kind.legend')}>
        <NativeSelect
          label={t('filters.kind.category')}
          value={categoryValue}
          onChange={(event) => onChange({ category: event.currentTarget.value || null })}
          data={[
            { value: '', label: t('filters.kind.allCategories') },
            ...categories.map((category) => ({ value: category.slug, label: category.name })),
          ]}
        />
        <NativeSelect
          label={t('filters.kind.type')}
          value={typeValue}
          onChange={(event) => onChange({ type: event.currentTarget.value || null })}
          data={[
            { value: '', label: t('filters.kind.allTypes') },
            ...eventTypes.map((type) => ({ value: type.slug, label: type.name })),
          ]}
        />
        <Checkbox
          label={t('filters.kind.online')}
          checked={filters.online}
          onChange={(event) => onChange({ online: event.currentTarget.checked })}
          size="md"
        />
      </FilterGroup>
      <FilterGroup legend={t('filters.price.legend')}>
        <PriceFilter {...props} />
      </FilterGroup>
    </div>
  );
}
