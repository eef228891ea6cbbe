import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import { Anchor, Button, CloseButton, NativeSelect, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, startTransition, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  Booking,
  BookingPeriod,
  BookingTicketCategory,
  EventBookingDetails,
} from '@hafla/shared/bookings/bookings';
import type { SeatChart } from '@hafla/shared/charts/chart-format';
import type { SeatMapStatus } from '@hafla/shared/charts/seats';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-client';
import { isolate } from '../../../lib/bidi';
import { formatMoney } from '../../../lib/format';
import { useBestAvailable } from '../api/best-available';
import { useBookTickets } from '../api/book-tickets';
import { useSeatMapChart, useSeatMapStatus } from '../api/get-seat-map';
import { bookingKeys } from '../api/query-keys';
import { counterBounds } from '../lib/availability';
import type { Counters } from '../lib/booking-search';
import { formatSlot } from '../lib/format-slot';
import {
  applySeatChanges,
  buildSeatIndex,
  seatMapCounters,
  statusesFromCodes,
} from '../lib/seat-index';
import type { SeatEntry, SeatIndex, SeatStatuses } from '../lib/seat-index';
import { strandedSeat, takenFromSelection, toggleSeat } from '../lib/seat-selection';
import type { PickRefusal } from '../lib/seat-selection';
import { useSeatFeed } from '../lib/use-seat-feed';
import type { SeatCanvasHandle } from './seat-canvas';
import { SeatList } from './seat-list';
import { CategoryCounter, TicketCounter } from './ticket-counter';
import classes from './booking.module.css';
import mapClasses from './seat-map.module.css';

// konva is only downloaded for a date with a seat map, while its seats are being read.
const loadSeatCanvas = () => import('./seat-canvas');
const SeatCanvas = lazy(loadSeatCanvas);

export interface SeatStepProps {
  details: EventBookingDetails;
  period: BookingPeriod;
  isSignedIn: boolean;
  onChangeDate: () => void;
  /** A visitor wants to hold: sign in first (the choice is kept for the return). */
  onSignIn: () => void;
  /** The seats (and any unseated tickets) are held: on to the attendees. */
  onHeld: (booking: Booking) => void;
  /** Releases a hold the reader left open on the event (Back after holding) before another. */
  beforeHold?: () => Promise<void>;
}

const storageKey = (periodId: number) => `hafla.seats.${periodId}`;

function readStoredSeats(periodId: number): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(storageKey(periodId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** "Stalls, row A, seat 5", in the page's language. */
export function useSeatName(index: SeatIndex | null) {
  const { t, i18n } = useTranslation('seats');
  return (seatId: string): string => {
    const at = index?.byId.get(seatId);
    const seat: SeatEntry | undefined = at === undefined ? undefined : index!.seats[at];
    if (!seat || !index) return seatId;
    const section = index.sections[seat.section]!;
    const isTable = section.rows.some((row) => row.kind === 'table' && row.seats.includes(at!));
    return t(isTable ? 'tableSeatName' : 'seatName', {
      section: isolate(i18n.language === 'ar' ? section.label_ar : section.label_en),
      row: isolate(seat.row),
      seat: isolate(seat.label),
    });
  };
}

/** Step 2 for a date with a seat map: seats on the map or in the list, and unseated tickets. */
export function SeatStep(props: SeatStepProps) {
  // The chart (cached by version) and the live statuses are asked for at once.
  const chartQuery = useSeatMapChart(props.period.id);
  const statusQuery = useSeatMapStatus(props.details.event.id, props.period.id);
  useEffect(() => {
    void loadSeatCanvas();
  }, []);
  // The date was given another version since the chart was read: read the chart again.
  const staleChart =
    chartQuery.data !== undefined &&
    statusQuery.data !== undefined &&
    chartQuery.data.chart_version !== statusQuery.data.chart_version;
  const { refetch: refetchChart, isFetching: isFetchingChart } = chartQuery;
  useEffect(() => {
    if (staleChart && !isFetchingChart) void refetchChart();
  }, [staleChart, isFetchingChart, refetchChart]);
  const failed = chartQuery.isError ? chartQuery : statusQuery.isError ? statusQuery : null;
  if (failed) return <QueryError error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!chartQuery.data || !statusQuery.data || staleChart) return <PageLoader />;
  return <SeatPicker {...props} chart={chartQuery.data.seat_chart} seatMap={statusQuery.data} />;
}

function SeatPicker({
  details,
  period,
  isSignedIn,
  onChangeDate,
  onSignIn,
  onHeld,
  beforeHold,
  chart,
  seatMap,
}: SeatStepProps & { chart: SeatChart; seatMap: SeatMapStatus }) {
  const { t, i18n } = useTranslation(['seats', 'booking', 'common']);
  const language = i18n.language;
  const { event } = details;
  const queryClient = useQueryClient();
  const index = useMemo(() => buildSeatIndex(chart), [chart]);
  const [statuses, setStatuses] = useState<SeatStatuses>(() =>
    statusesFromCodes(index, seatMap.statuses),
  );
  const [selected, setSelected] = useState<string[]>(() =>
    readStoredSeats(period.id).filter((id) => index.byId.has(id)),
  );
  const [counters, setCounters] = useState<Counters>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const canvas = useRef<SeatCanvasHandle>(null);
  const book = useBookTickets();
  const best = useBestAvailable(event.id);
  const seatName = useSeatName(index);
  // The list (a row's worth of checkboxes) renders after the map, in a transition that yields
  // to the map's first draw: on a slow phone it would otherwise hold the first paint back.
  const [isListShown, setListShown] = useState(false);
  const [isReleasing, setReleasing] = useState(false);
  useEffect(() => startTransition(() => setListShown(true)), []);

  // A fresh read (after a reconnection, a refusal) replaces the statuses.
  const [readFrom, setReadFrom] = useState(seatMap);
  if (readFrom !== seatMap) {
    setReadFrom(seatMap);
    setStatuses(statusesFromCodes(index, seatMap.statuses));
  }
  useEffect(() => {
    sessionStorage.setItem(storageKey(period.id), JSON.stringify(selected));
  }, [period.id, selected]);

  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: bookingKeys.seatMap(event.id, period.id) });
  useSeatFeed(period.id, {
    onChange: (changes) => setStatuses((current) => applySeatChanges(current, changes)),
    onReconnect: refresh,
  });

  // Seats someone else took leave the choice, and the reader is told (not the reader's own hold
  // on its way: its change may arrive before the answer).
  const lost = takenFromSelection(selected, statuses);
  if (lost.length > 0 && !book.isPending && !book.isSuccess) {
    setSelected(selected.filter((id) => !lost.includes(id)));
    setNotice(t('live.taken', { count: lost.length }));
  }

  const categoryOf = (chartKey: string | null): BookingTicketCategory | undefined => {
    const id = chartKey === null ? undefined : seatMap.categories[chartKey];
    return period.ticket_categories.find((category) => category.id === id);
  };
  const money = (amount: number) =>
    amount === 0 ? t('common:event.free') : formatMoney(amount, event.currency, language);
  const chartName = (key: string) => {
    const category = chart.categories.find((candidate) => candidate.key === key);
    if (!category) return key;
    return language === 'ar' ? category.label_ar : category.label_en;
  };
  /** A ticket category as the legend names it: its chart categories' labels in this language. */
  const seatedName = (category: BookingTicketCategory) => {
    const keys = Object.keys(seatMap.categories).filter(
      (key) => seatMap.categories[key] === category.id,
    );
    return keys.length > 0 ? keys.map(chartName).join(' / ') : category.name;
  };
  const priceOf = (chartKey: string | null) => {
    const category = categoryOf(chartKey);
    if (!category || category.sales_state !== 'on_sale') return null;
    return t('list.price', {
      category: isolate(chartName(chartKey!)),
      price: money(category.price),
    });
  };

  const unseated = period.ticket_categories.filter((category) => !category.seated);
  const seated = period.ticket_categories.filter(
    (category) => category.seated && category.sales_state === 'on_sale',
  );
  const unseatedCount = Object.values(counters).reduce((sum, count) => sum + count, 0);
  const maxSeats = Math.max(0, period.remaining_allowance - unseatedCount);

  const perTicketCategory = (ids: readonly string[]) => {
    const counts = new Map<number, number>();
    for (const id of ids) {
      const at = index.byId.get(id);
      const category = at === undefined ? undefined : categoryOf(index.seats[at]!.category);
      if (category) counts.set(category.id, (counts.get(category.id) ?? 0) + 1);
    }
    return counts;
  };

  function refusalOf(seatId: string): PickRefusal | null {
    const at = index.byId.get(seatId)!;
    const category = categoryOf(index.seats[at]!.category);
    if (!category || category.sales_state !== 'on_sale') return 'not_for_sale';
    const taken = perTicketCategory(selected).get(category.id) ?? 0;
    return taken >= Math.min(category.max_per_order, category.available) ? 'limit' : null;
  }

  function toggle(at: number) {
    const seat = index.seats[at]!;
    const result = toggleSeat(selected, seat.id, statuses, { max: maxSeats, refusalOf });
    setSelected(result.selected);
    setError(null);
    setNotice(result.refusal ? t(`refusal.${result.refusal}`) : null);
  }

  const counts = useMemo(
    () =>
      seatMapCounters(
        index,
        statuses,
        chart.categories.map((category) => category.key),
        seatMap.counters,
      ),
    [index, statuses, chart, seatMap.counters],
  );
  const seatedCounts = perTicketCategory(selected);
  const subtotal =
    [...seatedCounts].reduce(
      (sum, [id, count]) =>
        sum + (period.ticket_categories.find((c) => c.id === id)?.price ?? 0) * count,
      0,
    ) + unseated.reduce((sum, category) => sum + category.price * (counters[category.id] ?? 0), 0);
  const total = selected.length + unseatedCount;

  function explain(failure: unknown, sent: readonly string[]) {
    if (isApiError(failure) && failure.code === 'seat_taken') {
      const attr = failure.errors[0]?.attr ?? '';
      const seatId = sent[Number(attr.split('.')[1])] ?? null;
      if (seatId) setSelected((current) => current.filter((id) => id !== seatId));
      setError(t('errors.taken', { seat: seatId ? seatName(seatId) : '' }));
      refresh();
      return;
    }
    if (isApiError(failure) && failure.code === 'orphan_seat') {
      const stranded = strandedSeat(chart, statuses, sent);
      setError(
        stranded ? t('errors.orphan', { seat: seatName(stranded) }) : t('errors.orphanUnknown'),
      );
      refresh();
      return;
    }
    setError(isApiError(failure) ? failure.message : t('booking:errors.book'));
  }

  /** One live hold at a time: the one left open goes first; false when it could not. */
  async function releaseOpenHold() {
    if (!beforeHold) return true;
    setReleasing(true);
    try {
      await beforeHold();
      return true;
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('booking:errors.book'));
      return false;
    } finally {
      setReleasing(false);
    }
  }

  async function hold() {
    if (!isSignedIn) return onSignIn();
    setError(null);
    setNotice(null);
    // The server judges the orphan rule; warn first on what the map knows.
    const stranded = strandedSeat(chart, statuses, selected);
    if (stranded) {
      setError(t('errors.orphan', { seat: seatName(stranded) }));
      return;
    }
    const sent = [...selected];
    if (!(await releaseOpenHold())) return;
    book.mutate(
      {
        event: event.id,
        event_date: period.id,
        items: Object.entries(counters)
          .filter(([, quantity]) => quantity > 0)
          .map(([id, quantity]) => ({ ticket_category: Number(id), quantity })),
        ...(sent.length > 0 ? { seats: sent } : {}),
      },
      {
        onSuccess: (booking) => {
          sessionStorage.removeItem(storageKey(period.id));
          onHeld(booking);
        },
        onError: (failure) => explain(failure, sent),
      },
    );
  }

  const [bestCategory, setBestCategory] = useState(seated[0]?.id ?? 0);
  const [bestQuantity, setBestQuantity] = useState(2);
  const bestTarget = seated.find((category) => category.id === bestCategory) ?? seated[0];
  const bestMax = bestTarget
    ? Math.max(
        0,
        Math.min(bestTarget.max_per_order, bestTarget.available, period.remaining_allowance),
      )
    : 0;
  const quantity = Math.min(bestQuantity, bestMax);
  async function holdBest() {
    if (!isSignedIn) return onSignIn();
    if (!bestTarget || quantity === 0) return;
    setError(null);
    if (!(await releaseOpenHold())) return;
    best.mutate(
      { event_date: period.id, ticket_category: bestTarget.id, quantity },
      {
        onSuccess: ({ booking }) => {
          sessionStorage.removeItem(storageKey(period.id));
          onHeld(booking);
        },
        onError: (failure) =>
          setError(isApiError(failure) ? failure.message : t('booking:errors.book')),
      },
    );
  }

  return (
    <>
      <Text>
        {formatSlot(period, event.timezone, language)}{' '}
        <Anchor component="button" type="button" onClick={onChangeDate} fw={600}>
          {t('booking:tickets.changeDate')}
        </Anchor>
      </Text>
      <section aria-labelledby="seat-legend-heading" className={classes.card}>
        <Title order={3} size="h4" id="seat-legend-heading">
          {t('legend.heading')}
        </Title>
        <ul className={mapClasses.legend} data-testid="seat-legend">
          {chart.categories.map((category) => {
            const counter = counts.find((count) => count.category === category.key);
            const ticketCategory = categoryOf(category.key);
            return (
              <li key={category.key} className={mapClasses.legendItem}>
                <span
                  className={mapClasses.swatch}
                  style={{ background: category.color }}
                  aria-hidden="true"
                />
                <span>
                  <strong dir="auto">{chartName(category.key)}</strong>
                  {ticketCategory && ` · ${money(ticketCategory.price)}`}
                  {counter && (
                    <Text span size="sm" c="dimmed" display="block">
                      {t('legend.counter', {
                        available: counter.available,
                        total: counter.total,
                      })}
                    </Text>
                  )}
                </span>
              </li>
            );
          })}
          <li className={mapClasses.legendItem}>
            <span
              className={mapClasses.swatch}
              style={{ background: '#ced4da' }}
              aria-hidden="true"
            />
            {t('legend.taken')}
          </li>
          <li className={mapClasses.legendItem}>
            <span
              className={`${mapClasses.swatch} ${mapClasses.chosenSwatch}`}
              aria-hidden="true"
            />
            {t('legend.chosen')}
          </li>
          <li className={mapClasses.legendItem}>
            <span
              className={`${mapClasses.swatch} ${mapClasses.accessibleSwatch}`}
              aria-hidden="true"
            />
            {t('legend.accessible')}
          </li>
        </ul>
      </section>
      <FormAlert message={error} />
      {notice && <FormAlert tone="info" message={notice} />}
      <Suspense fallback={<PageLoader />}>
        <SeatCanvas
          ref={canvas}
          chart={chart}
          index={index}
          statuses={statuses}
          selected={selected}
          language={language}
          onTapSeat={toggle}
        />
      </Suspense>
      <Text size="sm" c="dimmed">
        {t('map.hint')}
      </Text>
      <section aria-labelledby="seat-chosen-heading">
        <Title order={3} size="h4" id="seat-chosen-heading">
          {t('chosen.heading')}
        </Title>
        {selected.length === 0 ? (
          <Text>{t('chosen.none')}</Text>
        ) : (
          <ul className={mapClasses.chosen} data-testid="chosen-seats" aria-live="polite">
            {selected.map((id) => (
              <li key={id} className={mapClasses.legendItem}>
                <span>{seatName(id)}</span>
                <CloseButton
                  size="lg"
                  aria-label={t('chosen.drop', { seat: seatName(id) })}
                  onClick={() => setSelected((current) => current.filter((seat) => seat !== id))}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      {bestTarget && (
        <section aria-labelledby="seat-best-heading" className={classes.card}>
          <Title order={3} size="h4" id="seat-best-heading">
            {t('best.heading')}
          </Title>
          <div className={mapClasses.bestForm}>
            {seated.length > 1 && (
              <NativeSelect
                label={t('best.category')}
                value={String(bestTarget.id)}
                onChange={(change) => setBestCategory(Number(change.currentTarget.value))}
                data={seated.map((category) => ({
                  value: String(category.id),
                  label: `${seatedName(category)} · ${money(category.price)}`,
                }))}
              />
            )}
            <TicketCounter
              name={seatedName(bestTarget)}
              count={quantity}
              canDecrement={quantity > 1}
              canIncrement={quantity < bestMax}
              onDecrement={() => setBestQuantity(Math.max(1, quantity - 1))}
              onIncrement={() => setBestQuantity(Math.min(bestMax, quantity + 1))}
            />
            <Button
              variant="light"
              onClick={() => void holdBest()}
              loading={best.isPending || isReleasing}
              disabled={quantity === 0}
            >
              {isSignedIn ? t('best.button', { count: quantity }) : t('best.signIn')}
            </Button>
          </div>
        </section>
      )}
      {isListShown && (
        <SeatList
          index={index}
          statuses={statuses}
          selected={selected}
          language={language}
          priceOf={priceOf}
          onToggle={toggle}
        />
      )}
      {unseated.length > 0 && (
        <section aria-labelledby="seat-standing-heading">
          <Title order={3} size="h4" id="seat-standing-heading">
            {t('standing.heading')}
          </Title>
          <ul className={classes.categories}>
            {unseated.map((category) => {
              const bounds = counterBounds(category, period, {
                ...counters,
                // Seats count against the reader's allowance too.
                [-1]: selected.length,
              });
              const current = counters[category.id] ?? 0;
              const set = (next: number) => setCounters({ ...counters, [category.id]: next });
              return (
                <li key={category.id} className={classes.category}>
                  <div>
                    <p className={classes.categoryName}>
                      <span dir="auto">{category.name}</span>
                    </p>
                    <p className={classes.categoryPrice}>{money(category.price)}</p>
                  </div>
                  <CategoryCounter
                    name={category.name}
                    count={current}
                    bounds={bounds}
                    onChange={set}
                  />
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <div className={classes.actions}>
        {/* Nothing chosen yet is said once, by "Your seats": the bar stays short on a phone. */}
        <p className={classes.total} aria-live="polite" aria-atomic="true">
          {total > 0 && t('booking:tickets.subtotal', { count: total, amount: money(subtotal) })}
        </p>
        <div className={classes.actionButtons}>
          <Button
            onClick={() => void hold()}
            disabled={total === 0}
            loading={book.isPending || isReleasing}
          >
            {!isSignedIn
              ? t('booking:tickets.signInToBook')
              : unseatedCount > 0 || selected.length === 0
                ? t('holdTickets')
                : t('hold', { count: selected.length })}
          </Button>
        </div>
      </div>
    </>
  );
}
