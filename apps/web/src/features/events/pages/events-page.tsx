import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import {
  Badge,
  Button,
  Drawer,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useNavigationType, useSearchParams } from 'react-router';
import type { Category } from '@hafla/shared/catalog/categories';
import type { EventType } from '@hafla/shared/catalog/event-types';
import { EmptyState } from '../../../components/empty-state';
import { TicketIcon } from '../../../components/icons';
import { FilterIcon } from '../../../components/page-icons';
import { QueryError } from '../../../components/query-error';
import { SEARCH_INPUT_PROPS } from '../../../components/search-input-props';
import { isolate } from '../../../lib/bidi';
import { toMinorUnits } from '../../../lib/format';
import { usePageMeta } from '../../../lib/page-meta';
import { useAppInfo } from '../../catalog/api/get-app-info';
import { useCategories } from '../../catalog/api/get-categories';
import { useEventTypes } from '../../catalog/api/get-event-types';
import {
  EVENT_SORT_OPTIONS,
  countActiveFilters,
  hasPlace,
  parseEventFilters,
  toEventListQuery,
} from '../api/event-filters';
import { NO_FILTERS, eventFiltersSearch } from '../api/events-path';
import type { EventFilters } from '../api/events-path';
import { useEventPages } from '../api/get-event-pages';
import { ActiveFilters } from '../components/active-filters';
import { EventFiltersPanel, usePlaceLabel } from '../components/event-filters-panel';
import { EventGrid, EventGridSkeleton } from '../components/event-grid';
import classes from '../components/events.module.css';

const NO_CATEGORIES: Category[] = [];
const NO_EVENT_TYPES: EventType[] = [];

function findId<T extends { id: number; slug: string }>(items: readonly T[], slugOrId: string) {
  return items.find((item) => item.slug === slugOrId || String(item.id) === slugOrId)?.id;
}

function SearchBar({
  filters,
  onSearch,
}: {
  filters: EventFilters;
  onSearch: (text: string) => void;
}) {
  const { t } = useTranslation('events');
  const [text, setText] = useState(filters.search);
  const [lastSearch, setLastSearch] = useState(filters.search);
  // Back and forward change the address bar under the box: follow it.
  if (lastSearch !== filters.search) {
    setLastSearch(filters.search);
    setText(filters.search);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(text.trim());
  }

  return (
    <form
      role="search"
      aria-label={t('list.search.label')}
      className={classes.searchForm}
      onSubmit={submit}
    >
      <TextInput
        {...SEARCH_INPUT_PROPS}
        aria-label={t('list.search.label')}
        placeholder={t('list.search.placeholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Button type="submit">{t('list.search.submit')}</Button>
    </form>
  );
}

interface FiltersDrawerProps {
  filters: EventFilters;
  onApply: (next: Partial<EventFilters>) => void;
  categories: readonly Category[];
  eventTypes: readonly EventType[];
  currency: string;
}

/** On a phone the filters open over the results, and apply together when the reader is done. */
function FiltersDrawer({ filters, onApply, ...rest }: FiltersDrawerProps) {
  const { t } = useTranslation('events');
  const [isOpen, setIsOpen] = useState(false);
  const [draft, setDraft] = useState(filters);
  const activeCount = countActiveFilters(filters);
  const countId = useId();

  function open() {
    setDraft(filters);
    setIsOpen(true);
  }

  return (
    <>
      <Button
        variant="default"
        className={classes.filterButton}
        leftSection={<FilterIcon size={20} />}
        rightSection={
          activeCount > 0 ? (
            <Badge circle size="lg">
              {activeCount}
            </Badge>
          ) : undefined
        }
        onClick={open}
        aria-haspopup="dialog"
        aria-describedby={activeCount > 0 ? countId : undefined}
      >
        {t('filters.open')}
      </Button>
      {activeCount > 0 && (
        <VisuallyHidden id={countId}>
          {t('filters.openWithCount', { count: activeCount })}
        </VisuallyHidden>
      )}
      <Drawer
        opened={isOpen}
        onClose={() => setIsOpen(false)}
        title={t('filters.title')}
        position="bottom"
        size="92dvh"
        closeButtonProps={{ 'aria-label': t('filters.close') }}
        styles={{
          title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 },
          body: { paddingBlockEnd: 0 },
          content: { borderStartStartRadius: 16, borderStartEndRadius: 16 },
        }}
      >
        <EventFiltersPanel
          filters={draft}
          onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
          {...rest}
        />
        <div className={classes.drawerFooter}>
          <Button
            variant="default"
            onClick={() => setDraft({ ...NO_FILTERS, search: draft.search, sort: draft.sort })}
          >
            {t('filters.clearAll')}
          </Button>
          <Button
            onClick={() => {
              onApply(draft);
              setIsOpen(false);
            }}
          >
            {t('filters.showResults')}
          </Button>
        </div>
      </Drawer>
    </>
  );
}

export function EventsPage() {
  const { t } = useTranslation(['events', 'common']);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const filters = useMemo(() => parseEventFilters(searchParams), [searchParams]);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const placeLabel = usePlaceLabel(filters);

  const categories = useCategories();
  const eventTypes = useEventTypes();
  const { data: appInfo } = useAppInfo();
  const currency = appInfo?.default_currency ?? 'USD';
  const categoryList = categories.data?.results ?? NO_CATEGORIES;
  const eventTypeList = eventTypes.data?.results ?? NO_EVENT_TYPES;
  // A slug is turned into the API's id once the catalog has loaded; until then, wait.
  const isReady =
    (filters.category === null || categories.data !== undefined || categories.isError) &&
    (filters.type === null || eventTypes.data !== undefined || eventTypes.isError);
  const query = toEventListQuery(filters, {
    categoryId: (slugOrId) => findId(categoryList, slugOrId),
    eventTypeId: (slugOrId) => findId(eventTypeList, slugOrId),
    currency,
    toMinor: (major) => toMinorUnits(major, currency),
  });
  const events = useEventPages(query, isReady);

  usePageMeta({
    title: filters.search
      ? t('list.meta.searchTitle', { search: filters.search })
      : t('list.meta.title'),
    description: t('list.meta.description'),
    keywords: t('list.meta.keywords'),
    siteName: t('common:app.name'),
  });

  // Filters change faster than the address bar follows (each change is a navigation): every
  // change builds on the last one asked for, until the address bar has caught up with it.
  const latestFilters = useRef(filters);
  const requestedSearch = useRef<string | null>(null);
  const navigationType = useNavigationType();
  useEffect(() => {
    const shown = eventFiltersSearch(filters);
    if (
      requestedSearch.current === null ||
      requestedSearch.current === shown ||
      navigationType === 'POP'
    ) {
      latestFilters.current = filters;
      requestedSearch.current = null;
    }
  }, [filters, navigationType]);

  function applyFilters(patch: Partial<EventFilters>) {
    const next = { ...latestFilters.current, ...patch };
    latestFilters.current = next;
    requestedSearch.current = eventFiltersSearch(next);
    void navigate({ pathname: '/events', search: eventFiltersSearch(next) });
  }

  const results = events.data?.pages.flatMap((page) => page.results) ?? [];
  const total = events.data?.pages[0]?.count ?? 0;
  const hasFilters = countActiveFilters(filters) > 0 || filters.search !== '';
  // The API's own order when none is asked: nearest first around a place, best matches
  // first for a search, soonest otherwise.
  const defaultSort = hasPlace(filters) ? 'distance' : filters.search ? 'relevance' : 'soonest';
  const sortOptions = [
    ...(defaultSort === 'relevance' ? (['relevance'] as const) : []),
    ...EVENT_SORT_OPTIONS.filter((sort) => sort !== 'distance' || hasPlace(filters)),
  ];
  const panelProps = {
    categories: categoryList,
    eventTypes: eventTypeList,
    currency,
  };

  const heading = filters.search
    ? t('list.headingSearch', { search: isolate(filters.search) })
    : placeLabel
      ? t('list.headingNear', { place: placeLabel })
      : t('list.heading');

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={1}>{heading}</Title>
        <SearchBar filters={filters} onSearch={(search) => applyFilters({ search })} />
      </Stack>
      <div className={classes.layout}>
        <aside className={classes.sidebar} aria-label={t('filters.title')}>
          <EventFiltersPanel filters={filters} onChange={applyFilters} {...panelProps} />
        </aside>
        <Stack gap="md">
          <div className={classes.toolbar}>
            <FiltersDrawer filters={filters} onApply={applyFilters} {...panelProps} />
            <NativeSelect
              label={t('list.sort.label')}
              value={filters.sort ?? defaultSort}
              onChange={(event) => {
                const sort = event.currentTarget.value;
                applyFilters({
                  sort: sort === defaultSort ? null : (sort as EventFilters['sort']),
                });
              }}
              data={sortOptions.map((sort) => ({ value: sort, label: t(`list.sort.${sort}`) }))}
              miw={180}
            />
          </div>
          <ActiveFilters
            filters={filters}
            onChange={applyFilters}
            onRemoved={() => summaryRef.current?.focus()}
            {...panelProps}
          />
          <p
            ref={summaryRef}
            tabIndex={-1}
            className={classes.summary}
            aria-live="polite"
            aria-atomic="true"
          >
            {events.isSuccess && !events.isPlaceholderData
              ? total === 0
                ? t('list.noResults')
                : t('list.count', { count: total })
              : events.isError
                ? ''
                : t('common:status.loading')}
          </p>
          {events.isPending || !isReady ? (
            <EventGridSkeleton />
          ) : events.isError ? (
            <QueryError error={events.error} onRetry={() => void events.refetch()} />
          ) : results.length === 0 ? (
            <EmptyState
              icon={<TicketIcon size={32} />}
              title={t('list.empty.title')}
              text={hasFilters ? t('list.empty.filtered') : t('list.empty.none')}
              action={
                hasFilters && (
                  <Button variant="light" onClick={() => applyFilters(NO_FILTERS)}>
                    {t('filters.clearAll')}
                  </Button>
                )
              }
            />
          ) : (
            <>
              <EventGrid events={results} isStale={events.isPlaceholderData} />
              <div className={classes.more}>
                {total > results.length || events.data.pages.length > 1 ? (
                  <Text size="sm" c="dimmed">
                    {t('list.shown', { shown: results.length, total })}
                  </Text>
                ) : null}
                {events.hasNextPage && (
                  <Button
                    variant="default"
                    loading={events.isFetchingNextPage}
                    onClick={() => void events.fetchNextPage()}
                  >
                    {t('list.more')}
                  </Button>
                )}
              </div>
            </>
          )}
        </Stack>
      </div>
    </Stack>
  );
}
