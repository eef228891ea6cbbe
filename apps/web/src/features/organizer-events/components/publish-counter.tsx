import '@mantine/core/styles/Progress.layer.css';
import { Progress, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePublishedThisMonth } from '../api/get-published-this-month';

/** "3 of 10 published this month": the limit publishing counts against. */
export function PublishCounter() {
  const { t } = useTranslation('organizer');
  const counter = usePublishedThisMonth();
  if (counter.isPending) return <Skeleton height={44} maw={320} aria-hidden="true" />;
  // The counter is a courtesy: without it the API still enforces the limit.
  if (counter.isError) return null;
  const { events_published_this_month: used, limit, remaining } = counter.data;
  const isFull = remaining <= 0;
  return (
    <Stack gap={6} maw={320} w="100%">
      <Text fw={600}>{t('counter.label', { used, limit })}</Text>
      <Progress
        value={limit > 0 ? Math.min(100, (used / limit) * 100) : 100}
        color={isFull ? 'red.8' : 'brand'}
        size="md"
        aria-hidden="true"
      />
      <Text size="sm" c={isFull ? 'red.9' : 'dimmed'}>
        {isFull ? t('counter.full') : t('counter.remaining', { count: remaining })}
      </Text>
    </Stack>
  );
}
