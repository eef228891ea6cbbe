import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrganizerCard as OrganizerCardData } from '@hafla/shared/social/follows';
import { OrganizerCard } from '../../../components/organizer-card';
import { CalendarIcon } from '../../../components/page-icons';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { usePageMeta } from '../../../lib/page-meta';
import { useFollowersCount, useFollowing } from '../api/get-following';
import { FollowToggle } from '../api/follow-toggle';
import { useOrganizersToFollow } from '../api/get-organizers-to-follow';
import { EmptyState } from '../components/empty-state';
import { useKeptItems } from '../components/use-kept-items';
import classes from '../components/social.module.css';

function FollowedOrganizer({
  organizer,
  headingLevel,
}: {
  organizer: OrganizerCardData;
  headingLevel: 2 | 3;
}) {
  const followers = useFollowersCount(organizer.id, organizer.followers_count);
  return (
    <OrganizerCard
      organizer={organizer}
      followersCount={followers}
      headingLevel={headingLevel}
      action={
        <FollowToggle
          organizer={{ ...organizer, followers_count: followers }}
          fullWidth
          size="sm"
        />
      }
    />
  );
}

function OrganizerGrid({
  organizers,
  headingLevel,
}: {
  organizers: readonly OrganizerCardData[];
  headingLevel: 2 | 3;
}) {
  return (
    <ul className={classes.grid}>
      {organizers.map((organizer) => (
        <li key={organizer.id}>
          <FollowedOrganizer organizer={organizer} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

function Suggestions() {
  const { t } = useTranslation('social');
  const suggestions = useOrganizersToFollow(8);
  const organizers = useKeptItems(suggestions.data?.results);
  if (organizers.length === 0) return null;
  return (
    <section aria-labelledby="following-suggestions">
      <Title order={2} id="following-suggestions" mb="md">
        {t('following.suggestions')}
      </Title>
      <OrganizerGrid organizers={organizers} headingLevel={3} />
    </section>
  );
}

export function FollowingPage() {
  const { t } = useTranslation(['social', 'common']);
  const following = useFollowing();
  const organizers = useKeptItems(following.data?.results);
  usePageMeta({
    title: t('following.meta.title'),
    description: t('following.meta.description'),
    keywords: t('following.meta.keywords'),
    siteName: t('common:app.name'),
  });

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1}>{t('following.heading')}</Title>
        <Text size="lg">{t('following.lead')}</Text>
      </Stack>
      {following.isPending ? (
        <PageLoader />
      ) : following.isError ? (
        <QueryError error={following.error} onRetry={() => void following.refetch()} />
      ) : organizers.length === 0 ? (
        <EmptyState
          icon={<CalendarIcon size={32} />}
          title={t('following.empty.title')}
          text={t('following.empty.text')}
          action={{ to: '/events', label: t('following.empty.action') }}
        />
      ) : (
        <section aria-label={t('following.heading')}>
          <OrganizerGrid organizers={organizers} headingLevel={2} />
        </section>
      )}
      {following.isSuccess && <Suggestions />}
    </Stack>
  );
}
