import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EventCard } from '../../../components/event-card';
import { HeartIcon } from '../../../components/icons';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { usePageMeta } from '../../../lib/page-meta';
import { useWishlist } from '../api/get-wishlist';
import { WishlistToggle } from '../api/wishlist-toggle';
import { EmptyState } from '../components/empty-state';
import { useKeptItems } from '../components/use-kept-items';
import classes from '../components/social.module.css';
import type { EventSummary } from '@hafla/shared/events/discovery';

function WishlistGrid({ events }: { events: readonly EventSummary[] }) {
  return (
    <ul className={classes.grid}>
      {events.map((event, index) => (
        <li key={event.id}>
          <EventCard
            event={event}
            headingLevel={3}
            isPriority={index < 2}
            action={<WishlistToggle event={event} />}
          />
        </li>
      ))}
    </ul>
  );
}

export function WishlistPage() {
  const { t } = useTranslation(['social', 'common']);
  const wishlist = useWishlist();
  const events = useKeptItems(wishlist.data?.results);
  usePageMeta({
    title: t('wishlist.meta.title'),
    description: t('wishlist.meta.description'),
    keywords: t('wishlist.meta.keywords'),
    siteName: t('common:app.name'),
  });

  const upcoming = events.filter((event) => event.status === 'published');
  const past = events.filter((event) => event.status !== 'published');

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>{t('wishlist.heading')}</Title>
        <Text size="lg">{t('wishlist.lead')}</Text>
      </Stack>
      {wishlist.isPending ? (
        <PageLoader />
      ) : wishlist.isError ? (
        <QueryError error={wishlist.error} onRetry={() => void wishlist.refetch()} />
      ) : events.length === 0 ? (
        <EmptyState
          icon={<HeartIcon size={32} />}
          title={t('wishlist.empty.title')}
          text={t('wishlist.empty.text')}
          action={{ to: '/events', label: t('wishlist.empty.action') }}
        />
      ) : (
        <>
          <section aria-labelledby="wishlist-upcoming">
            <Title order={2} id="wishlist-upcoming" mb="md">
              {t('wishlist.upcoming', { count: upcoming.length })}
            </Title>
            {upcoming.length > 0 ? (
              <WishlistGrid events={upcoming} />
            ) : (
              <Text>{t('wishlist.noUpcoming')}</Text>
            )}
          </section>
          {past.length > 0 && (
            <section aria-labelledby="wishlist-past">
              <Title order={2} id="wishlist-past" mb="md">
                {t('wishlist.past', { count: past.length })}
              </Title>
              <WishlistGrid events={past} />
            </section>
          )}
        </>
      )}
    </Stack>
  );
}
