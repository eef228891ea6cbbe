import '@mantine/core/styles/Badge.layer.css';
import { Anchor, Badge, Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  BookingPeriod,
  BookingTicketCategory,
  EventBookingDetails,
} from '@hafla/shared/bookings/bookings';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { counterBounds, subtotalOf } from '../lib/availability';
import { totalTickets } from '../lib/booking-search';
import type { Counters } from '../lib/booking-search';
import { formatSlot } from '../lib/format-slot';
import { CategoryCounter } from './ticket-counter';
import classes from './booking.module.css';

/** Below this many left, the list says how many. */
const FEW_LEFT = 10;

export interface TicketsStepProps {
  details: EventBookingDetails;
  period: BookingPeriod;
  counters: Counters;
  onChange: (counters: Counters) => void;
  onChangeDate: () => void;
  onContinue: () => void;
  isBooking: boolean;
  /** False for visitors: continuing asks them to sign in first. */
  isSignedIn: boolean;
  /**
   * The reader's live hold on the event: `these` when it holds just these tickets (continuing goes
   * back to it), `others` when holding these would replace it; null while none is known.
   */
  heldTickets?: 'these' | 'others' | null;
  /** True while the reader's holds are being read: holding waits for the answer. */
  isChecking?: boolean;
  /** A refusal from the last attempt to hold the tickets. */
  alert?: ReactNode;
}

function SalesState({ category, timeZone }: { category: BookingTicketCategory; timeZone: string }) {
  const { t, i18n } = useTranslation('booking');
  switch (category.sales_state) {
    case 'on_sale':
      return category.available <= FEW_LEFT ? (
        <Text size="sm" c="accent.8" fw={600}>
          {t('tickets.fewLeft', { count: category.available })}
        </Text>
      ) : null;
    case 'not_started':
      return (
        <Badge variant="light" color="gray" size="lg">
          {category.sales_start
            ? t('tickets.state.startsOn', {
                date: formatDateTime(category.sales_start, timeZone, i18n.language),
              })
            : t('tickets.state.not_started')}
        </Badge>
      );
    default:
      return (
        <Badge
          variant="light"
          color={category.sales_state === 'sold_out' ? 'red' : 'gray'}
          size="lg"
        >
          {t(`tickets.state.${category.sales_state}`)}
        </Badge>
      );
  }
}

/** Step 2: how many of each ticket, within every limit, with a running subtotal. */
export function TicketsStep({
  details,
  period,
  counters,
  onChange,
  onChangeDate,
  onContinue,
  isBooking,
  isSignedIn,
  heldTickets = null,
  isChecking = false,
  alert,
}: TicketsStepProps) {
  const { t, i18n } = useTranslation(['booking', 'common']);
  const language = i18n.language;
  const { event } = details;
  const count = totalTickets(counters);
  const subtotal = subtotalOf(period, counters);

  return (
    <>
      <Text>
        {formatSlot(period, event.timezone, language)}{' '}
        <Anchor component="button" type="button" onClick={onChangeDate} fw={600}>
          {t('tickets.changeDate')}
        </Anchor>
      </Text>
      {alert}
      <ul className={classes.categories}>
        {period.ticket_categories.map((category) => {
          const bounds = counterBounds(category, period, counters);
          const current = counters[category.id] ?? 0;
          const set = (next: number) => onChange({ ...counters, [category.id]: next });
          return (
            <li key={category.id} className={classes.category}>
              <div>
                <p className={classes.categoryName}>
                  <span dir="auto">{category.name}</span>
                </p>
                <p className={classes.categoryPrice}>
                  {category.price === 0
                    ? t('common:event.free')
                    : formatMoney(category.price, event.currency, language)}
                </p>
                {category.description && (
                  <Text size="sm" c="dimmed" dir="auto">
                    {category.description}
                  </Text>
                )}
                {category.min_per_order > 1 && (
                  <Text size="sm" c="dimmed">
                    {t('tickets.minPerOrder', { count: category.min_per_order })}
                  </Text>
                )}
                <SalesState category={category} timeZone={event.timezone} />
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
      <Text size="sm" c="dimmed">
        {t('tickets.allowance', { count: period.remaining_allowance })}
        {event.requires_approval && ` ${t('tickets.approval')}`}
      </Text>
      {heldTickets === 'others' && count > 0 && (
        <Text size="sm" c="dimmed">
          {t('tickets.replaceHold')}
        </Text>
      )}
      <div className={classes.actions}>
        <p className={classes.total} aria-live="polite" aria-atomic="true">
          {count === 0
            ? t('tickets.none')
            : t('tickets.subtotal', {
                count,
                amount:
                  subtotal === 0
                    ? t('common:event.free')
                    : formatMoney(subtotal, event.currency, language),
              })}
        </p>
        <div className={classes.actionButtons}>
          <Button onClick={onContinue} disabled={count === 0 || isChecking} loading={isBooking}>
            {!isSignedIn
              ? t('tickets.signInToBook')
              : heldTickets === 'these'
                ? t('tickets.resumeHold')
                : heldTickets === 'others'
                  ? t('tickets.holdInstead')
                  : t('tickets.hold')}
          </Button>
        </div>
      </div>
    </>
  );
}
