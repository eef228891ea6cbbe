import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GRID_COVER_SIZES } from '@hafla/shared/events/cover-images';
import type { EventSummary } from '@hafla/shared/events/discovery';
import { isolate } from '../lib/bidi';
import { HydrateInTurn } from '../lib/hydrate-in-turns';
import {
  dayKey,
  formatDateTime,
  formatDay,
  formatMoney,
  formatTime,
  intlLocale,
} from '../lib/format';
import { EventCover } from './event-cover';
import { GlobeIcon, PinIcon } from './icons';
import classes from './event-card.module.css';

const SHORT_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };

/**
 * Whether the event's dates go on past its next one's day — the next evening's too (two dates a
 * day apart), but not a date that merely runs past midnight: the card then says until when.
 */
export function endsOnALaterDay(
  event: Pick<EventSummary, 'next_date' | 'last_end' | 'timezone'>,
): boolean {
  const slot = event.next_date;
  if (!slot || !event.last_end) return false;
  return dayKey(event.last_end, event.timezone) !== dayKey(slot.end, event.timezone);
}

export function eventPath(event: Pick<EventSummary, 'id'>): string {
  return `/events/${event.id}`;
}

/** "From SAR 50", "SAR 75", "Free"; null before the organizer has priced any ticket. */
export function useCardPrice(event: Pick<EventSummary, 'price_min' | 'price_max' | 'currency'>) {
  const { t, i18n } = useTranslation();
  const { price_min: min, price_max: max, currency } = event;
  if (min === null || max === null) return null;
  if (max === 0) return t('event.free');
  const show = (amount: number) => formatMoney(amount, currency, i18n.language);
  if (min === max) return show(min);
  if (min === 0) return t('event.freeToPrice', { price: show(max) });
  return t('event.fromPrice', { price: show(min) });
}

export interface EventCardProps {
  event: EventSummary;
  /** The wishlist heart, drawn over the cover. */
  action?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  /** The first card on screen loads its cover at once and first. */
  isPriority?: boolean;
  /** Other cards on the first screen load their cover at once, not when scrolled near. */
  isEager?: boolean;
  /** The `sizes` of the cover: how wide the card is drawn where it is used. */
  coverSizes?: string;
  showOrganizer?: boolean;
}

/** A card of a list; on a page the server drew, each card is hydrated in its own task. */
export function EventCard(props: EventCardProps) {
  return (
    <HydrateInTurn>
      <EventCardView {...props} />
    </HydrateInTurn>
  );
}

function EventCardView({
  event,
  action,
  headingLevel = 3,
  isPriority = false,
  isEager = false,
  coverSizes = GRID_COVER_SIZES,
  showOrganizer = true,
}: EventCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const price = useCardPrice(event);
  const Heading = `h${headingLevel}` as const;
  const slot = event.next_date;
  const isInactive = event.status !== 'published';
  const runsLonger = endsOnALaterDay(event);

  return (
    <article className={`${classes.card} ${isInactive ? classes.isInactive : ''}`}>
      <div className={classes.media}>
        <EventCover
          cover={event.cover}
          thumbnails={event.cover_thumbnails}
          sizes={coverSizes}
          categoryId={event.category}
          width={480}
          height={270}
          isPriority={isPriority}
          isEager={isEager}
        />
        {isInactive && <span className={classes.status}>{t(`event.status.${event.status}`)}</span>}
      </div>
      <div className={classes.body}>
        {slot && (
          <p className={classes.date}>
            {t('event.moment', {
              day: formatDay(slot.start, event.timezone, language),
              time: formatTime(slot.start, event.timezone, language),
            })}
            {runsLonger && event.last_end && (
              <>
                {' · '}
                {t('event.until', {
                  date: formatDateTime(event.last_end, event.timezone, language, SHORT_DAY),
                })}
              </>
            )}
          </p>
        )}
        <Heading className={classes.title}>
          {/* Titles and places are written in either language: each keeps its own direction. */}
          <Link to={eventPath(event)} className={classes.link} dir="auto">
            {event.title}
          </Link>
        </Heading>
        <p className={classes.meta}>
          {event.is_online ? <GlobeIcon size={16} /> : <PinIcon size={16} />}
          {event.is_online ? (
            <span>{t('event.online')}</span>
          ) : (
            <span dir="auto">{event.venue_name || event.address}</span>
          )}
        </p>
        {showOrganizer && (
          <p className={classes.meta}>
            <span>{t('event.byOrganizer', { name: isolate(event.organizer.name) })}</span>
          </p>
        )}
        <div className={classes.footer}>
          {price && <p className={classes.price}>{price}</p>}
          {event.distance_km !== null && (
            <p className={classes.distance}>
              {t('event.distance', {
                distance: new Intl.NumberFormat(intlLocale(language), {
                  maximumFractionDigits: event.distance_km < 10 ? 1 : 0,
                }).format(event.distance_km),
              })}
            </p>
          )}
        </div>
      </div>
      {action && <div className={classes.action}>{action}</div>}
    </article>
  );
}
