import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import { Alert, Anchor, Badge, Button, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { HERO_COVER_SIZES } from '@hafla/shared/events/cover-images';
import type { EventDetail } from '@hafla/shared/events/discovery';
import { EventCover } from '../../../components/event-cover';
import { GlobeIcon, PinIcon, TicketIcon } from '../../../components/icons';
import { CalendarIcon, RefundIcon } from '../../../components/page-icons';
import { NotFound } from '../../../components/not-found';
import { OrganizerAvatar } from '../../../components/organizer-avatar';
import { organizerPath } from '../../../components/organizer-card';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isNotFoundError } from '../../../lib/api-client';
import {
  formatDateTime,
  formatMoney,
  formatPriceRange,
  formatSlotTimes,
} from '../../../lib/format';
import { formatTimeZone } from '../../../lib/format-time-zone';
import { usePageMeta } from '../../../lib/page-meta';
import { useFollowersCount } from '../../social/api/get-following';
import { FollowToggle } from '../../social/api/follow-toggle';
import { WishlistToggle } from '../../social/api/wishlist-toggle';
import { parseEventId, useEvent } from '../api/get-event';
import { DateList, formatLongDay, groupSlotsByDay } from '../components/date-list';
import { ShareButton } from '../../../components/share-button';
import { HydrateInTurn } from '../../../lib/hydrate-in-turns';
import classes from '../components/event-page.module.css';

export function bookingPath(event: Pick<EventDetail, 'id'>): string {
  return `/events/${event.id}/book`;
}

export function openStreetMapUrl(latitude: number, longitude: number): string {
  const params = new URLSearchParams({ mlat: String(latitude), mlon: String(longitude) });
  return `https://www.openstreetmap.org/?${params.toString()}#map=16/${latitude}/${longitude}`;
}

function Fact({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className={classes.fact}>
      <span className={classes.factIcon}>{icon}</span>
      <div>
        <p className={classes.factTitle}>{title}</p>
        {children}
      </div>
    </li>
  );
}

function usePriceText(event: EventDetail): string | null {
  const { t, i18n } = useTranslation('common');
  return formatPriceRange(event.price_min, event.price_max, event.currency, i18n.language, {
    free: t('event.free'),
  });
}

/** "Full refund until 24 hours before it starts", "No refunds". */
function useRefundText(event: EventDetail): string {
  const { t } = useTranslation('events');
  const { refund_percentage: percentage, refundable_until_hours: hours } = event.refund_policy;
  if (percentage === 0) return t('page.refund.none');
  const share =
    percentage === 100 ? t('page.refund.full') : t('page.refund.partial', { percentage });
  return hours === 0
    ? t('page.refund.untilStart', { share })
    : t('page.refund.untilHours', { share, count: hours });
}

function BookingAction({ event, fullWidth = false }: { event: EventDetail; fullWidth?: boolean }) {
  const { t } = useTranslation('events');
  const isOnSale =
    event.status === 'published' && event.dates.length > 0 && event.ticket_categories.length > 0;
  if (!isOnSale) {
    return (
      <Button disabled fullWidth={fullWidth}>
        {event.status === 'cancelled'
          ? t('page.booking.cancelled')
          : event.status === 'ended'
            ? t('page.booking.ended')
            : t('page.booking.notOnSale')}
      </Button>
    );
  }
  return (
    <Button
      component={Link}
      to={bookingPath(event)}
      fullWidth={fullWidth}
      leftSection={<TicketIcon size={20} />}
    >
      {t('page.booking.book')}
    </Button>
  );
}

function StatusNotice({ event }: { event: EventDetail }) {
  const { t } = useTranslation('events');
  if (event.status === 'published') return null;
  const isCancelled = event.status === 'cancelled';
  return (
    <Alert
      color={isCancelled ? 'red' : 'gray'}
      variant="light"
      title={isCancelled ? t('page.status.cancelledTitle') : t('page.status.endedTitle')}
      styles={{
        title: { color: 'var(--mantine-color-text)', fontSize: 'var(--mantine-font-size-md)' },
        message: { fontSize: 'var(--mantine-font-size-md)' },
      }}
    >
      {isCancelled ? t('page.status.cancelledText') : t('page.status.endedText')}
    </Alert>
  );
}

function OrganizerPanel({ event }: { event: EventDetail }) {
  const { t } = useTranslation(['events', 'social']);
  const { organizer } = event;
  const followers = useFollowersCount(organizer.id, organizer.followers_count);
  return (
    <section className={classes.section} aria-labelledby="event-organizer">
      <Title order={2} id="event-organizer">
        {t('page.organizer.heading')}
      </Title>
      <div className={classes.organizer}>
        <OrganizerAvatar name={organizer.name} avatar={organizer.avatar} size={64} />
        <div>
          <h3 className={classes.organizerName}>
            <Link to={organizerPath(organizer)} dir="auto">
              {organizer.name}
            </Link>
          </h3>
          <Text size="sm" c="dimmed">
            {t('social:organizer.followers', { count: followers })}
          </Text>
          {organizer.bio && (
            <Text mt="xs" lineClamp={4} dir="auto">
              {organizer.bio}
            </Text>
          )}
        </div>
        <div className={classes.organizerActions}>
          <FollowToggle organizer={{ ...organizer, followers_count: followers }} />
          <Button component={Link} to={organizerPath(organizer)} variant="subtle">
            {t('page.organizer.profile')}
          </Button>
        </div>
      </div>
    </section>
  );
}

function EventView({ event }: { event: EventDetail }) {
  const { t, i18n } = useTranslation(['events', 'common']);
  const language = i18n.language;
  const zone = event.timezone;
  const priceText = usePriceText(event);
  const refundText = useRefundText(event);
  const next = event.dates[0] ?? null;
  const dayCount = groupSlotsByDay(event.dates, zone).length;
  const zoneName = formatTimeZone(zone, language, next?.start);
  const mapUrl =
    event.latitude !== null && event.longitude !== null
      ? openStreetMapUrl(event.latitude, event.longitude)
      : null;

  usePageMeta({
    title: event.title,
    description: event.description.slice(0, 160) || t('page.meta.description'),
    keywords: [
      event.category_name,
      event.event_type_name,
      event.organizer.name,
      t('page.meta.keywords'),
    ].join(', '),
    siteName: t('common:app.name'),
  });

  return (
    <article className={classes.page}>
      <div className={classes.hero}>
        <EventCover
          cover={event.cover}
          thumbnails={event.cover_thumbnails}
          sizes={HERO_COVER_SIZES}
          isOriginalOffered
          categoryId={event.category}
          width={1200}
          height={600}
          isPriority
          className={classes.heroPlaceholder}
        />
      </div>
      <StatusNotice event={event} />
      <div className={classes.titleRow}>
        <div className={classes.titleBlock}>
          <Group gap="xs">
            <Badge variant="light" size="lg">
              {event.category_name}
            </Badge>
            <Badge variant="outline" size="lg" color="gray.8">
              {event.is_online ? t('common:event.online') : event.event_type_name}
            </Badge>
          </Group>
          <Title order={1}>
            {/* Organizers write in either language: the text keeps its own direction. */}
            <span dir="auto">{event.title}</span>
          </Title>
          <Text>
            {t('page.organizedBy')}{' '}
            <Anchor component={Link} to={organizerPath(event.organizer)} fw={700} dir="auto">
              {event.organizer.name}
            </Anchor>
          </Text>
        </div>
        <div className={classes.actions}>
          <WishlistToggle event={event} isOnEventPage />
          <ShareButton title={event.title} path={`/events/${event.id}`} />
        </div>
      </div>
      <div className={classes.layout}>
        <div className={classes.main}>
          <HydrateInTurn>
            <ul className={classes.facts}>
              <Fact
                icon={<CalendarIcon size={22} />}
                title={next ? formatLongDay(next.start, zone, language) : t('page.dates.none')}
              >
                {next && (
                  <p className={classes.factText}>{formatSlotTimes(next, zone, language)}</p>
                )}
                {dayCount > 1 && (
                  <Anchor href="#event-dates" size="sm">
                    {t('page.dates.moreDays', { count: dayCount - 1 })}
                  </Anchor>
                )}
              </Fact>
              {event.is_online ? (
                <Fact icon={<GlobeIcon size={22} />} title={t('page.place.online')}>
                  <p className={classes.factText}>{t('page.place.onlineText')}</p>
                </Fact>
              ) : (
                <Fact
                  icon={<PinIcon size={22} />}
                  title={<span dir="auto">{event.venue_name || event.address}</span>}
                >
                  {event.venue_name && event.address && (
                    <p className={classes.factText}>
                      <span dir="auto">{event.address}</span>
                    </p>
                  )}
                  {mapUrl && (
                    <Anchor href={mapUrl} target="_blank" rel="noopener noreferrer" size="sm">
                      {t('page.place.map')}
                      <VisuallyHidden>{t('page.place.newTab')}</VisuallyHidden>
                    </Anchor>
                  )}
                </Fact>
              )}
              {priceText && (
                <Fact icon={<TicketIcon size={22} />} title={priceText}>
                  <p className={classes.factText}>{t('page.price.perTicket')}</p>
                </Fact>
              )}
              <Fact icon={<RefundIcon size={22} />} title={t('page.refund.heading')}>
                <p className={classes.factText}>{refundText}</p>
              </Fact>
            </ul>
          </HydrateInTurn>
          {event.description && (
            <section className={classes.section} aria-labelledby="event-about">
              <Title order={2} id="event-about">
                {t('page.about')}
              </Title>
              <div>
                {event.description
                  .split(/\r?\n\s*\r?\n/)
                  .filter((paragraph) => paragraph.trim())
                  .map((paragraph, index) => (
                    <Text key={index} mb="sm" style={{ whiteSpace: 'pre-line' }} dir="auto">
                      {paragraph.trim()}
                    </Text>
                  ))}
              </div>
            </section>
          )}

          <HydrateInTurn>
            <section className={classes.section} aria-labelledby="event-dates">
              <Title order={2} id="event-dates" tabIndex={-1}>
                {t('page.dates.heading')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('page.dates.zone', { zone: zoneName })}
              </Text>
              {event.dates.length > 0 ? (
                <DateList dates={event.dates} timeZone={zone} />
              ) : (
                <Text>{t('page.dates.none')}</Text>
              )}
            </section>
          </HydrateInTurn>

          {event.ticket_categories.length > 0 && (
            <HydrateInTurn>
              <section className={classes.section} aria-labelledby="event-tickets">
                <Title order={2} id="event-tickets">
                  {t('page.tickets.heading')}
                </Title>
                <ul className={classes.tickets}>
                  {event.ticket_categories.map((category) => (
                    <li key={category.id} className={classes.ticket}>
                      <div>
                        <p className={classes.ticketName}>
                          <span dir="auto">{category.name}</span>
                        </p>
                        {category.description && (
                          <Text size="sm" c="dimmed" dir="auto">
                            {category.description}
                          </Text>
                        )}
                        {category.sales_end && (
                          <Text size="sm" c="dimmed">
                            {t('page.tickets.salesEnd', {
                              date: formatDateTime(category.sales_end, zone, language),
                            })}
                          </Text>
                        )}
                      </div>
                      <p className={classes.ticketPrice}>
                        {category.price === 0
                          ? t('common:event.free')
                          : formatMoney(category.price, event.currency, language)}
                      </p>
                    </li>
                  ))}
                </ul>
                <Text size="sm" c="dimmed">
                  {t('page.tickets.perOrder', { count: event.max_tickets_per_order })}
                  {event.requires_approval && ` ${t('page.tickets.approval')}`}
                </Text>
              </section>
            </HydrateInTurn>
          )}

          <HydrateInTurn>
            <OrganizerPanel event={event} />
          </HydrateInTurn>

          <Text size="sm">
            <Anchor component={Link} to={`/report-problem?event=${event.id}`}>
              {t('page.report')}
            </Anchor>
          </Text>
        </div>

        <HydrateInTurn>
          <aside className={classes.bookingCard} aria-label={t('page.booking.label')}>
            {priceText && (
              <div>
                <p className={classes.priceLabel}>{t('page.price.label')}</p>
                <p className={classes.priceValue}>{priceText}</p>
              </div>
            )}
            {next && (
              <Text size="sm">
                {t('page.booking.next', {
                  date: formatDateTime(next.start, zone, language, {
                    weekday: 'short',
                    day: 'numeric',
                    month: 'short',
                    hour: 'numeric',
                    minute: '2-digit',
                  }),
                })}
              </Text>
            )}
            <BookingAction event={event} fullWidth />
          </aside>
        </HydrateInTurn>
      </div>
      <div className={classes.bookingBar}>
        <div className={classes.bookingBarPrice}>
          {priceText && (
            <>
              <p className={classes.priceLabel}>{t('page.price.label')}</p>
              <p className={classes.priceValue}>{priceText}</p>
            </>
          )}
        </div>
        <div className={classes.bookingBarAction}>
          <BookingAction event={event} />
        </div>
      </div>
    </article>
  );
}

export function EventPage() {
  const params = useParams();
  const id = parseEventId(params.id);
  const event = useEvent(id);

  if (id === null) return <NotFound />;
  if (event.isPending) return <PageLoader />;
  if (event.isError) {
    if (isNotFoundError(event.error)) return <NotFound />;
    return <QueryError error={event.error} onRetry={() => void event.refetch()} />;
  }
  return <EventView event={event.data} />;
}
