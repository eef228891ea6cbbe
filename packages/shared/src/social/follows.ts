import { z } from 'zod';
import { paginated } from '../common/pagination';

/** An organizer as listed: following, organizers to follow. */
export const OrganizerCard = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
  followers_count: z.number().int(),
  /** Published events that have not ended. */
  upcoming_events_count: z.number().int(),
  is_following: z.boolean(),
});
export type OrganizerCard = z.infer<typeof OrganizerCard>;

export const OrganizerCardList = paginated(OrganizerCard);

export const Follower = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  followed_at: z.string(),
});
export type Follower = z.infer<typeof Follower>;

export const FollowerList = paginated(Follower);

/** The answer to follow and unfollow (both idempotent). */
export const FollowState = z.object({
  organizer: z.uuid(),
  is_following: z.boolean(),
  followers_count: z.number().int(),
});
export type FollowState = z.infer<typeof FollowState>;
