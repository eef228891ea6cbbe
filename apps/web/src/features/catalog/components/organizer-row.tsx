import type { OrganizerCard as OrganizerCardData } from '@hafla/shared/social/follows';
import { OrganizerCard } from '../../../components/organizer-card';
import { FollowToggle } from '../../social/api/follow-toggle';
import { useFollowersCount } from '../../social/api/get-following';
import classes from './catalog.module.css';

function SuggestedOrganizer({ organizer }: { organizer: OrganizerCardData }) {
  const followers = useFollowersCount(organizer.id, organizer.followers_count);
  return (
    <OrganizerCard
      organizer={organizer}
      followersCount={followers}
      action={
        <FollowToggle
          organizer={{ ...organizer, followers_count: followers }}
          size="sm"
          fullWidth
        />
      }
    />
  );
}

export function OrganizerRow({ organizers }: { organizers: readonly OrganizerCardData[] }) {
  return (
    <ul className={classes.row}>
      {organizers.map((organizer) => (
        <li key={organizer.id}>
          <SuggestedOrganizer organizer={organizer} />
        </li>
      ))}
    </ul>
  );
}
