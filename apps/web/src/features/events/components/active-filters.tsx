import { useTranslation } from 'react-i18next';
import type { Category } from '@hafla/shared/catalog/categories';
import type { EventType } from '@hafla/shared/catalog/event-types';
import { CloseIcon } from '../../../components/page-icons';
import { formatDateTime, formatMoney, toMinorUnits } from '../../../lib/format';
import { hasPlace, matchingDatePreset } from '../api/event-filters';
import type { EventFilters } from '../api/events-path';
import { usePlaceLabel } from './event-filters-panel';
import classes from './events.module.css';

export interface ActiveFiltersProps {
  filters: EventFilters;
  onChange: (patch: Partial<EventFilters>) => void;
  categories: readonly Category[];
  eventTypes: readonly EventType[];
  currency: string;
  /** Where focus goes once the removed filter's button is gone. */
  onRemoved: () => void;
}

interface ActiveFilter {
  id: string;
  label: string;
  without: Partial<EventFilters>;
}

/** Each filter in force as a button that removes it, so the phone's results show what shapes them. */
export function ActiveFilters({
  filters,
  onChange,
  categories,
  eventTypes,
  currency,
  onRemoved,
}: ActiveFiltersProps) {
  const { t, i18n } = useTranslation('events');
  const language = i18n.language;
  const placeLabel = usePlaceLabel(filters);
  const day = (value: string) =>
    formatDateTime(`${value}T12:00:00Z`, 'UTC', language, { day: 'numeric', month: 'short' });
  const money = (major: number) => formatMoney(toMinorUnits(major, currency), currency, language);

  const active: ActiveFilter[] = [];
  if (filters.category !== null) {
    const category = categories.find(
      (item) => item.slug === filters.category || String(item.id) === filters.category,
    );
    if (category)
      active.push({ id: 'category', label: category.name, without: { category: null } });
  }
  if (filters.type !== null) {
    const type = eventTypes.find(
      (item) => item.slug === filters.type || String(item.id) === filters.type,
    );
    if (type) active.push({ id: 'type', label: type.name, without: { type: null } });
  }
  if (filters.dateFrom !== null || filters.dateTo !== null) {
    const preset = matchingDatePreset(filters);
    const label = preset
      ? t(`filters.date.${preset}`)
      : filters.dateFrom && filters.dateTo
        ? t('filters.date.range', { from: day(filters.dateFrom), to: day(filters.dateTo) })
        : filters.dateFrom
          ? t('filters.date.fromDay', { day: day(filters.dateFrom) })
          : t('filters.date.toDay', { day: day(filters.dateTo ?? '') });
    active.push({ id: 'dates', label, without: { dateFrom: null, dateTo: null } });
  }
  if (filters.free) {
    active.push({ id: 'free', label: t('filters.price.freeChip'), without: { free: false } });
  } else if (filters.priceMin !== null || filters.priceMax !== null) {
    const label =
      filters.priceMin !== null && filters.priceMax !== null
        ? t('filters.price.range', { min: money(filters.priceMin), max: money(filters.priceMax) })
        : filters.priceMin !== null
          ? t('filters.price.atLeast', { min: money(filters.priceMin) })
          : t('filters.price.atMost', { max: money(filters.priceMax ?? 0) });
    active.push({ id: 'price', label, without: { priceMin: null, priceMax: null } });
  }
  if (filters.online) {
    active.push({ id: 'online', label: t('filters.kind.onlineChip'), without: { online: false } });
  }
  if (hasPlace(filters)) {
    active.push({
      id: 'place',
      label: t('filters.place.near', { place: placeLabel }),
      without: {
        lat: null,
        lng: null,
        radiusKm: null,
        sort: filters.sort === 'distance' ? null : filters.sort,
      },
    });
  }

  if (active.length === 0) return null;

  return (
    <ul className={classes.activeFilters} aria-label={t('filters.active')}>
      {active.map((filter) => (
        <li key={filter.id}>
          <button
            type="button"
            className={classes.activeFilter}
            aria-label={t('filters.remove', { filter: filter.label })}
            onClick={() => {
              onChange(filter.without);
              onRemoved();
            }}
          >
            {filter.label}
            <CloseIcon size={16} />
          </button>
        </li>
      ))}
    </ul>
  );
}
