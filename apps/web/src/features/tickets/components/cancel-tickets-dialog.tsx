import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
// The dialog's surface is a Paper: without its styles the body has no background.
import '@mantine/core/styles/Paper.layer.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@hafla/shared/bookings/bookings';
import type { RefundPreview, RefundRefusal, RefundRequest } from '@hafla/shared/bookings/payments';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatMoney } from '../../../lib/format';
import { splitApiErrors } from '../../../lib/use-form';
import { newIdempotencyKey, useRefund, useRefundPreviews } from '../api/cancel-tickets';
import { useDateTickets } from '../api/get-tickets';
import { isRefundable, useMomentText, useSlotText } from './ticket-details';

/**
 * The reader's tickets to one date of the event (its bookings: a booking belongs to one date,
 * so each date has its own refund deadline), or one ticket of a booking.
 */
export type CancelScope =
  | { kind: 'date'; date: Ticket['event_date'] }
  | { kind: 'ticket'; booking: number; ticket: number };

export interface Refunded {
  amount: number;
  currency: string;
  tickets: number;
}

interface CancelTicketsDialogProps {
  eventId: number;
  timezone: string;
  scope: CancelScope | null;
  onClose: () => void;
  onRefunded: (refunded: Refunded) => void;
}

/** The deadline written like every other date of the app, on the event's own clock. */
function useDeadline(timezone: string) {
  const momentText = useMomentText();
  return (deadline: string) => momentText(deadline, timezone);
}

function Refusal({ reason, deadline }: { reason: RefundRefusal | null; deadline: string | null }) {
  const { t } = useTranslation('tickets');
  return (
    <FormAlert
      title={t('cancel.impossible')}
      message={t(`cancel.reasons.${reason ?? 'no_tickets'}`, { deadline: deadline ?? '' })}
    />
  );
}

interface ConfirmProps {
  previews: RefundPreview[];
  timezone: string;
  onClose: () => void;
  onRefunded: (refunded: Refunded) => void;
}

/** The amount comes from the API's previews, shown before anything is refunded. */
function Confirm({ previews, timezone, onClose, onRefunded }: ConfirmProps) {
  const { t, i18n } = useTranslation('tickets');
  const showDeadline = useDeadline(timezone);
  const refund = useRefund();
  // One key per booking for this confirmation: pressing again after a failure repeats the
  // same requests, which the API answers once; a new opening of the dialog is a new one.
  const keys = useRef<string[] | null>(null);
  const refundable = previews.filter((preview) => preview.can_refund);
  const refused = previews.find((preview) => !preview.can_refund);
  if (refundable.length === 0) {
    return (
      <Stack gap="md">
        <Refusal
          reason={refused?.reason ?? null}
          deadline={refused ? showDeadline(refused.deadline) : null}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel.close')}
          </Button>
        </Group>
      </Stack>
    );
  }
  const currency = refundable[0]!.currency;
  const amount = refundable.reduce((sum, preview) => sum + preview.refund_amount, 0);
  const tickets = refundable.reduce((sum, preview) => sum + preview.tickets.length, 0);
  const deadline = refundable
    .map((preview) => preview.deadline)
    .sort((a, b) => Date.parse(a) - Date.parse(b))[0]!;
  const percentages = [...new Set(refundable.map((preview) => preview.refund_percentage))];
  const money = formatMoney(amount, currency, i18n.language);
  const error = refund.isError ? splitApiErrors(refund.error, []).message : null;

  function confirm() {
    const requests: RefundRequest[] = refundable.map((preview) => ({
      booking: preview.booking,
      tickets: preview.tickets,
    }));
    keys.current ??= requests.map(() => newIdempotencyKey());
    // mutateAsync rather than mutate's callbacks: the outcome reaches the page even if this
    // dialog's content has re-rendered away meanwhile.
    refund.mutateAsync({ requests, keys: keys.current }).then(
      (results) =>
        onRefunded({
          amount: results.reduce((sum, result) => sum + result.refund.amount, 0),
          currency: results[0]?.refund.currency ?? currency,
          tickets,
        }),
      // The failure shows from refund.error.
      () => undefined,
    );
  }

  return (
    <Stack gap="md">
      <Text>{t('cancel.tickets', { count: tickets })}</Text>
      <div role="status">
        <Text size="sm">{t('cancel.amountLabel')}</Text>
        <Text size="xl" fw={700}>
          {money}
        </Text>
      </div>
      {percentages.length === 1 && (
        <Text size="sm">{t('cancel.policy', { percentage: percentages[0] })}</Text>
      )}
      <Text size="sm">{t('cancel.deadline', { deadline: showDeadline(deadline) })}</Text>
      <Text fw={600}>{t('cancel.irreversible')}</Text>
      <FormAlert message={error} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} data-autofocus>
          {t('cancel.keep')}
        </Button>
        <Button color="red.9" loading={refund.isPending} onClick={confirm}>
          {t('cancel.confirm', { amount: money })}
        </Button>
      </Group>
    </Stack>
  );
}

function Previews({
  requests,
  ...props
}: Omit<ConfirmProps, 'previews'> & { requests: RefundRequest[] }) {
  const previews = useRefundPreviews(requests, true);
  if (previews.isPending) return <PageLoader />;
  if (previews.isError) {
    return <QueryError error={previews.error} onRetry={() => void previews.refetch()} />;
  }
  return <Confirm previews={previews.data} {...props} />;
}

/** Every ticket the reader holds to one date: their bookings are what cancelling refunds. */
function DateTickets({
  eventId,
  date,
  ...props
}: Omit<ConfirmProps, 'previews'> & { eventId: number; date: Ticket['event_date'] }) {
  const { t } = useTranslation('tickets');
  const slotText = useSlotText();
  const tickets = useDateTickets(eventId, date.id);
  const requests = useMemo(() => {
    const bookings = (tickets.data?.results ?? [])
      .filter(isRefundable)
      .map((ticket) => ticket.booking);
    return [...new Set(bookings)].sort((a, b) => a - b).map((booking) => ({ booking }));
  }, [tickets.data]);
  return (
    <Stack gap="md">
      <Text fw={600}>{t('cancel.date', { date: slotText(date, props.timezone) })}</Text>
      {tickets.isPending ? (
        <PageLoader />
      ) : tickets.isError ? (
        <QueryError error={tickets.error} onRetry={() => void tickets.refetch()} />
      ) : requests.length === 0 ? (
        <Refusal reason="no_tickets" deadline={null} />
      ) : (
        <Previews requests={requests} {...props} />
      )}
    </Stack>
  );
}

/** Asks before cancelling and says what comes back, under the event's refund policy. */
export function CancelTicketsDialog({
  eventId,
  timezone,
  scope,
  onClose,
  onRefunded,
}: CancelTicketsDialogProps) {
  const { t } = useTranslation('tickets');
  const shared = { timezone, onClose, onRefunded };
  return (
    <Modal
      opened={scope !== null}
      onClose={onClose}
      title={scope?.kind === 'ticket' ? t('cancel.titleOne') : t('cancel.title')}
      centered
      closeButtonProps={{ 'aria-label': t('cancel.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {scope?.kind === 'date' && <DateTickets eventId={eventId} date={scope.date} {...shared} />}
      {scope?.kind === 'ticket' && (
        <Previews requests={[{ booking: scope.booking, tickets: [scope.ticket] }]} {...shared} />
      )}
    </Modal>
  );
}
