import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Rating } from '@hafla/shared/social/ratings';
import { OrganizerAvatar } from '../../../components/organizer-avatar';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { Stars } from '../../../components/stars';
import { formatDateTime, intlLocale } from '../../../lib/format';
import { useReviews } from '../api/ratings';
import classes from './social.module.css';

const REVIEW_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

function Review({ review }: { review: Rating }) {
  const { t, i18n } = useTranslation('social');
  return (
    <li className={classes.review}>
      <div className={classes.reviewHead}>
        <OrganizerAvatar name={review.user.name} avatar={review.user.avatar} size={40} />
        <span>
          <Text component="span" display="block" fw={700} dir="auto">
            {review.user.name}
          </Text>
          <Text component="span" display="block" size="sm" c="dimmed">
            {formatDateTime(review.created_at, 'UTC', i18n.language, REVIEW_DATE)}
          </Text>
        </span>
      </div>
      <Stars value={review.rating} label={t('reviews.stars', { count: review.rating })} />
      {review.comment && (
        <Text dir="auto" style={{ whiteSpace: 'pre-line' }}>
          {review.comment}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {t('reviews.event')}{' '}
        <Link to={`/events/${review.event}`} dir="auto">
          {review.event_title}
        </Link>
      </Text>
    </li>
  );
}

export interface OrganizerReviewsProps {
  organizerId: string;
  rating: { average: number | null; count: number };
}

/** What attendees said about the organizer's events, newest first; public like the followers. */
export function OrganizerReviews({ organizerId, rating }: OrganizerReviewsProps) {
  const { t, i18n } = useTranslation('social');
  const reviews = useReviews({ organizer: organizerId });
  const results = reviews.data?.pages.flatMap((page) => page.results) ?? [];
  const count = reviews.data?.pages[0]?.count ?? rating.count;

  return (
    <section aria-labelledby="organizer-reviews">
      <Title order={2} id="organizer-reviews" mb="md">
        {t('reviews.heading', { count })}
      </Title>
      {rating.average !== null && rating.count > 0 && (
        <div className={classes.ratingSummary}>
          <Text component="span" fz={36} fw={700} lh={1}>
            {new Intl.NumberFormat(intlLocale(i18n.language), {
              minimumFractionDigits: 1,
              maximumFractionDigits: 1,
            }).format(rating.average)}
          </Text>
          <Stack gap={2}>
            <Stars
              value={rating.average}
              size={22}
              label={t('reviews.average', {
                average: new Intl.NumberFormat(intlLocale(i18n.language), {
                  maximumFractionDigits: 1,
                }).format(rating.average),
              })}
            />
            <Text size="sm">{t('reviews.count', { count: rating.count })}</Text>
          </Stack>
        </div>
      )}
      {reviews.isPending ? (
        <PageLoader />
      ) : reviews.isError ? (
        <QueryError error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : results.length === 0 ? (
        <Text>{t('reviews.none')}</Text>
      ) : (
        <>
          <ul className={classes.reviews}>
            {results.map((review) => (
              <Review key={review.id} review={review} />
            ))}
          </ul>
          {reviews.hasNextPage && (
            <div className={classes.more}>
              <Button
                variant="default"
                loading={reviews.isFetchingNextPage}
                onClick={() => void reviews.fetchNextPage()}
              >
                {t('reviews.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
