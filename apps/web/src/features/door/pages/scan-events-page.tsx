import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UsherEvent } from '@hafla/shared/door/ushers';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/format';
import { usePageMeta } from '../../../lib/page-meta';
import { useUsherEvents } from '../api/ushers';
import classes from '../components/door.module.css';
import { guestListPath } from '../lib/paths';
import { isolate } from '../../../lib/bidi';

function ScanEvent({ event }: { event: UsherEvent }) {
  const { t, i18n } = useTranslation('door');
  const dates = event.event_dates;
  const when =
    dates.length === 0
      ? t('scanEvents.noDates')
      : dates
          .slice(0, 3)
          .map((slot) => formatDateTime(slot.start, event.timezone, i18n.language))
          .join(' · ');
  return (
    <li className={`${classes.card} ${classes.guest}`}>
      <Stack gap={4} miw={0}>
        <Title order={2} size="h4" className={classes.guestName}>
          <bdi>{event.title}</bdi>
        </Title>
        <Text size="sm">{when}</Text>
        <Text size="sm">
          {t('scanEvents.by', { organizer: isolate(event.organizer.name) })} ·{' '}
          {t('scanEvents.role', { role: t(`ushers.roleShort.${event.role}`) })}
        </Text>
      </Stack>
      <Group gap="xs">
        <Button
          component={Link}
          to={guestListPath(event.id, 'scan')}
          aria-label={t('scanEvents.openNamed', { title: event.title })}
        >
          {t('scanEvents.open')}
        </Button>
        <Button
          component={Link}
          to={guestListPath(event.id)}
          variant="default"
          aria-label={t('scanEvents.guestListNamed', { title: event.title })}
        >
          {t('scanEvents.guestList')}
        </Button>
      </Group>
    </li>
  );
}

/** "Events I scan for": an usher's events, each leading to its scanner and guest list. */
export function ScanEventsPage() {
  const { t } = useTranslation(['door', 'common']);
  const events = useUsherEvents();
  usePageMeta({
    title: t('scanEvents.meta.title'),
    description: t('scanEvents.meta.description'),
    keywords: t('scanEvents.meta.keywords'),
    siteName: t('common:app.name'),
  });

  let body;
  if (events.isPending) body = <PageLoader />;
  else if (events.isError) {
    body = <QueryError error={events.error} onRetry={() => void events.refetch()} />;
  } else if (events.data.results.length === 0) {
    body = <Text size="lg">{t('scanEvents.empty')}</Text>;
  } else {
    body = (
      <ul className={classes.list}>
        {events.data.results.map((event) => (
          <ScanEvent key={event.id} event={event} />
        ))}
      </ul>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>{t('scanEvents.heading')}</Title>
        <Text size="lg">{t('scanEvents.lead')}</Text>
      </Stack>
      {body}
    </Stack>
  );
}
