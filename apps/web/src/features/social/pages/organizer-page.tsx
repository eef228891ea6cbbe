import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { organizerEventsQuery } from '@hafla/shared/events/event-pages';
import type { PublicProfile } from '@hafla/shared/profile/profile';
import { EventCard } from '../../../components/event-card';
import { CalendarIcon } from '../../../components/page-icons';
import { NotFound } from '../../../components/not-found';
import { OrganizerAvatar } from '../../../components/organizer-avatar';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isNotFoundError } from '../../../lib/api-client';
import { isolate } from '../../../lib/bidi';
import { formatDateTime, intlLocale } from '../../../lib/format';
import { usePageMeta } from '../../../lib/page-meta';
import { useCurrentUser } from '../../../lib/session';
import { useEventPages } from '../../events/api/get-event-pages';
import { useFollowers } from '../api/get-followers';
import { useFollowersCount, useIsFollowing } from '../api/get-following';
import { FollowToggle } from '../api/follow-toggle';
import { isOrganizerId, organizerName, useOrganizer } from '../api/get-organizer';
import { WishlistToggle } from '../api/wishlist-toggle';
import { EmptyState } from '../components/empty-state';
import { OrganizerReviews } from '../components/organizer-reviews';
import classes from '../components/social.module.css';

function UpcomingEvents({ organizerId, name }: { organizerId: string; name: string }) {
  const { t } = useTranslation('social');
  const events = useEventPages(organizerEventsQuery(organizerId));
  const results = events.data?.pages.flatMap((page) => page.results) ?? [];
  const total = events.data?.pages[0]?.count ?? 0;

  return (
    <section aria-labelledby="organizer-events">
      <Title order={2} id="organizer-events" mb="md">
        {events.isSuccess ? t('organizer.events', { count: total }) : t('organizer.eventsHeading')}
      </Title>
      {events.isPending ? (
        <PageLoader />
      ) : events.isError ? (
        <QueryError error={events.error} onRetry={() => void events.refetch()} />
      ) : results.length === 0 ? (
        <EmptyState
          icon={<CalendarIcon size={32} />}
          title={t('organizer.noEvents.title')}
          text={t('organizer.noEvents.text', { name: isolate(name) })}
        />
      ) : (
        <>
          <ul className={classes.grid}>
            {results.map((event, index) => (
              <li key={event.id}>
                <EventCard
                  event={event}
                  headingLevel={3}
                  isPriority={index < 2}
                  showOrganizer={false}
                  action={<WishlistToggle event={event} />}
                />
              </li>
            ))}
          </ul>
          {events.hasNextPage && (
            <div className={classes.more}>
              <Button
                variant="default"
                loading={events.isFetchingNextPage}
                onClick={() => void events.fetchNextPage()}
              >
                {t('organizer.moreEvents')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function Followers({ organizerId, count }: { organizerId: string; count: number }) {
  const { t, i18n } = useTranslation('social');
  const followers = useFollowers(organizerId);
  const results = followers.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <section aria-labelledby="organizer-followers">
      <Title order={2} id="organizer-followers" mb="md">
        {t('organizer.followersHeading', { count })}
      </Title>
      {followers.isPending ? (
        <PageLoader />
      ) : followers.isError ? (
        <QueryError error={followers.error} onRetry={() => void followers.refetch()} />
      ) : results.length === 0 ? (
        <Text>{t('organizer.noFollowers')}</Text>
      ) : (
        <>
          <ul className={classes.followers}>
            {results.map((follower) => (
              <li key={follower.id} className={classes.follower}>
                <OrganizerAvatar name={follower.name} avatar={follower.avatar} size={40} />
                <span>
                  <span dir="auto">{follower.name}</span>
                  <Text component="span" display="block" size="xs" c="dimmed">
                    {t('organizer.followedSince', {
                      date: formatDateTime(follower.followed_at, 'UTC', i18n.language, {
                        month: 'short',
                        year: 'numeric',
                      }),
                    })}
                  </Text>
                </span>
              </li>
            ))}
          </ul>
          {followers.hasNextPage && (
            <div className={classes.more}>
              <Button
                variant="default"
                loading={followers.isFetchingNextPage}
                onClick={() => void followers.fetchNextPage()}
              >
                {t('organizer.moreFollowers')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function OrganizerView({ profile }: { profile: PublicProfile }) {
  const { t, i18n } = useTranslation(['social', 'common']);
  const user = useCurrentUser();
  const name = organizerName(profile);
  const followers = useFollowersCount(profile.id, profile.followers_count);
  const isFollowing = useIsFollowing(profile);
  usePageMeta({
    title: name,
    description: profile.bio?.slice(0, 160) || t('organizer.meta.description', { name }),
    keywords: t('organizer.meta.keywords', { name }),
    siteName: t('common:app.name'),
  });
  const rating = profile.rating;

  return (
    <Stack gap="xl">
      <div className={classes.profile}>
        <OrganizerAvatar name={name} avatar={profile.avatar} size={96} />
        <div className={classes.profileText}>
          <Title order={1}>
            <span dir="auto">{name}</span>
          </Title>
          <ul className={classes.stats}>
            <li>{t('organizer.followers', { count: followers })}</li>
            {rating.count > 0 && rating.average !== null && (
              <li>
                {t('organizer.rating', {
                  average: new Intl.NumberFormat(intlLocale(i18n.language), {
                    maximumFractionDigits: 1,
                  }).format(rating.average),
                  count: rating.count,
                })}
              </li>
            )}
          </ul>
        </div>
        {user?.id === profile.id ? (
          <div className={classes.profileActions}>
            <Button component={Link} to="/user/profile" variant="default">
              {t('organizer.editProfile')}
            </Button>
          </div>
        ) : (
          <div className={classes.profileActions}>
            <FollowToggle
              organizer={{
                id: profile.id,
                name,
                avatar: profile.avatar,
                bio: profile.bio,
                followers_count: followers,
                is_following: profile.is_following,
              }}
            />
            {isFollowing && (
              <Text size="sm" role="status">
                {t('organizer.youFollow', { name: isolate(name) })}
              </Text>
            )}
          </div>
        )}
      </div>
      {profile.bio && (
        <section aria-labelledby="organizer-about">
          <Title order={2} id="organizer-about" mb="sm">
            {t('organizer.about')}
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }} dir="auto">
            {profile.bio}
          </Text>
        </section>
      )}
      <UpcomingEvents organizerId={profile.id} name={name} />
      <OrganizerReviews organizerId={profile.id} rating={rating} />
      <Followers organizerId={profile.id} count={followers} />
    </Stack>
  );
}

export function OrganizerPage() {
  const { id } = useParams();
  const isValid = isOrganizerId(id);
  const organizer = useOrganizer(isValid ? id : null);
  if (!isValid) return <NotFound />;
  if (organizer.isPending) return <PageLoader />;
  if (organizer.isError) {
    if (isNotFoundError(organizer.error)) return <NotFound />;
    return <QueryError error={organizer.error} onRetry={() => void organizer.refetch()} />;
  }
  // Attendees have no public page of their own.
  if (organizer.data.user_type !== 'organizer') return <NotFound />;
  return <OrganizerView profile={organizer.data} />;
}
