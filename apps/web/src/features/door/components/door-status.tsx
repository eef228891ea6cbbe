import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckInResult } from '@hafla/shared/door/check-ins';
import { formatDateTime } from '../../../lib/format';
import { errorText } from '../lib/error-text';
import type { DoorState } from '../lib/use-door';
import classes from './door.module.css';

/**
 * Always on screen at the door: whether the device is online, how many scans wait to be sent,
 * and how fresh the device's copy of the list is.
 */
export function DoorStatus({ door, timeZone }: { door: DoorState; timeZone: string }) {
  const { t, i18n } = useTranslation('door');
  const time = (iso: string) =>
    formatDateTime(iso, timeZone, i18n.language, { hour: 'numeric', minute: '2-digit' });
  return (
    <div
      className={classes.statusBar}
      data-offline={!door.isOnline || undefined}
      role="status"
      aria-live="polite"
    >
      <Text fw={800}>{door.isOnline ? t('door.online') : t('door.offline')}</Text>
      <Text fw={700} data-testid="door-queue">
        {t('door.queue', { count: door.queueLength })}
      </Text>
      <Text size="sm">
        {door.isSyncing
          ? t('door.syncing')
          : door.syncedAt
            ? t('door.syncedAt', { count: door.stored.total, time: time(door.syncedAt) })
            : t('door.notSynced')}
      </Text>
      {door.isOnline && door.syncError !== null && !door.isSyncing && (
        <Text size="sm" fw={700}>
          {t('door.syncFailed', { reason: errorText(door.syncError) })}
        </Text>
      )}
      {door.isOnline && (
        <Button size="compact-md" variant="default" onClick={() => void door.sync()}>
          {t('door.syncNow')}
        </Button>
      )}
    </div>
  );
}

/** Scans let through offline that the server answered otherwise, until the usher dismisses them. */
export function DoorConflicts({ door, timeZone }: { door: DoorState; timeZone: string }) {
  const { t, i18n } = useTranslation('door');
  if (door.conflicts.length === 0) return null;
  const time = (iso: string) =>
    formatDateTime(iso, timeZone, i18n.language, { hour: 'numeric', minute: '2-digit' });
  const result = (value: CheckInResult) => t(`result.${value}`);
  return (
    <section aria-labelledby="door-conflicts" className={classes.card}>
      <Stack gap="sm">
        <Title order={2} size="h4" id="door-conflicts">
          {t('conflicts.heading')}
        </Title>
        <Text size="sm">{t('conflicts.lead')}</Text>
        <ul className={classes.list}>
          {door.conflicts.map((conflict) => {
            const values = {
              holder: conflict.holder_name ?? t('result.unknownHolder'),
              time: time(conflict.scanned_at),
              local: result(conflict.local_result),
              server: result(conflict.server_result),
            };
            return (
              <li key={conflict.nonce}>
                {conflict.checked_in_at && conflict.checked_in_by
                  ? t('conflicts.itemBy', {
                      ...values,
                      when: time(conflict.checked_in_at),
                      name: conflict.checked_in_by.name,
                    })
                  : t('conflicts.item', values)}
              </li>
            );
          })}
        </ul>
        <div>
          <Button variant="default" onClick={() => void door.clearConflicts()}>
            {t('conflicts.clear')}
          </Button>
        </div>
      </Stack>
    </section>
  );
}
