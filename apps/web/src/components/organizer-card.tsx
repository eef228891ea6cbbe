import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrganizerCard as OrganizerCardData } from '@hafla/shared/social/follows';
import { OrganizerAvatar } from './organizer-avatar';
import classes from './organizer-card.module.css';

export function organizerPath(organizer: Pick<OrganizerCardData, 'id'>): string {
  return `/organizers/${organizer.id}`;
}

export interface OrganizerCardProps {
  organizer: OrganizerCardData;
  /** Overrides the card's own count, e.g. just after the reader followed. */
  followersCount?: number;
  /** The follow button. */
  action?: ReactNode;
  headingLevel?: 2 | 3 | 4;
}

export function OrganizerCard({
  organizer,
  followersCount = organizer.followers_count,
  action,
  headingLevel = 3,
}: OrganizerCardProps) {
  const { t } = useTranslation('social');
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={classes.card}>
      <OrganizerAvatar name={organizer.name} avatar={organizer.avatar} size={72} />
      <Heading className={classes.name}>
        <Link to={organizerPath(organizer)} className={classes.link} dir="auto">
          {organizer.name}
        </Link>
      </Heading>
      <p className={classes.stats}>
        {t('organizer.followers', { count: followersCount })}
        {' · '}
        {t('organizer.upcomingEvents', { count: organizer.upcoming_events_count })}
      </p>
      {organizer.bio && (
        <p className={classes.bio} dir="auto">
          {organizer.bio}
        </p>
      )}
      {action && <div className={classes.action}>{action}</div>}
    </article>
  );
}
