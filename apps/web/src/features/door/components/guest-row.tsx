import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GuestTicket, GuestTicketState } from '@hafla/shared/door/guest-list';
import { isolate } from '../../../lib/bidi';
import { formatDateTime } from '../../../lib/format';
import classes from './door.module.css';
import { StatusBadge } from './pager';

const STATE_COLOURS: Record<GuestTicketState, string> = {
  pending_approval: 'yellow',
  valid: 'gray',
  checked_in: 'green',
  rejected: 'red',
  cancelled: 'gray',
  refunded: 'gray',
};

export function GuestStateBadge({ state }: { state: GuestTicketState }) {
  const { t } = useTranslation('door');
  return <StatusBadge color={STATE_COLOURS[state]}>{t(`guests.state.${state}`)}</StatusBadge>;
}

export interface GuestRowProps {
  guest: GuestTicket;
  timeZone: string;
  canApprove: boolean;
  isBusy: boolean;
  onCheckIn: (guest: GuestTicket) => void;
  onApprove: (guest: GuestTicket) => void;
  onReject: (guest: GuestTicket) => void;
  onUndo: (guest: GuestTicket) => void;
}

export function GuestRow({
  guest,
  timeZone,
  canApprove,
  isBusy,
  onCheckIn,
  onApprove,
  onReject,
  onUndo,
}: GuestRowProps) {
  const { t, i18n } = useTranslation('door');
  const time = (iso: string) => formatDateTime(iso, timeZone, i18n.language);
  const name = guest.holder_name;
  return (
    <li className={`${classes.card} ${classes.guest}`}>
      <Stack gap={4} miw={0}>
        <Group gap="xs" wrap="wrap">
          <Text fw={800} size="lg" dir="auto" className={classes.guestName}>
            {name}
          </Text>
          <GuestStateBadge state={guest.state} />
        </Group>
        <Text size="sm">
          {/* Isolated, so a Latin category name and the date's digits keep their order in Arabic. */}
          {t('guests.ticket', { id: guest.id, category: isolate(guest.ticket_category.name) })}
          {' · '}
          {isolate(time(guest.event_date.start))}
        </Text>
        <Text size="sm" c="dimmed" className={classes.guestName}>
          <span dir="ltr">{guest.holder_email}</span>
          {guest.holder_phone && (
            <>
              {' · '}
              <span dir="ltr">{guest.holder_phone}</span>
            </>
          )}
          {' · '}
          {t('guests.booking', { id: guest.booking })}
          {' · '}
          <span dir="ltr">{guest.short_code}</span>
        </Text>
        {guest.checked_in_at && (
          <Text size="sm" fw={600}>
            {guest.checked_in_by
              ? t('guests.checkedInBy', {
                  time: time(guest.checked_in_at),
                  name: guest.checked_in_by.name,
                })
              : t('guests.checkedInAt', { time: time(guest.checked_in_at) })}
          </Text>
        )}
      </Stack>
      <Group gap="xs">
        {guest.state === 'valid' && (
          <Button
            onClick={() => onCheckIn(guest)}
            disabled={isBusy}
            aria-label={t('guests.checkInNamed', { name })}
          >
            {t('guests.checkIn')}
          </Button>
        )}
        {guest.state === 'checked_in' && canApprove && (
          <Button
            variant="default"
            onClick={() => onUndo(guest)}
            disabled={isBusy}
            aria-label={t('guests.undoNamed', { name })}
          >
            {t('guests.undo')}
          </Button>
        )}
        {guest.state === 'pending_approval' && canApprove && (
          <>
            <Button
              color="green.9"
              onClick={() => onApprove(guest)}
              disabled={isBusy}
              aria-label={t('guests.approveNamed', { name })}
            >
              {t('guests.approve')}
            </Button>
            <Button
              variant="default"
              onClick={() => onReject(guest)}
              disabled={isBusy}
              aria-label={t('guests.rejectNamed', { name })}
            >
              {t('guests.reject')}
            </Button>
          </>
        )}
      </Group>
    </li>
  );
}
