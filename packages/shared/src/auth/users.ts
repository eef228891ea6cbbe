import { z } from 'zod';
import { LANGUAGES } from '../common/i18n';

export const UserType = z.enum(['attendee', 'organizer']);
export type UserType = z.infer<typeof UserType>;

/** Every account is an attendee; organizer, usher and admin are added on top. */
export const Role = z.enum(['attendee', 'organizer', 'usher', 'admin']);
export type Role = z.infer<typeof Role>;

/** The signed-in user's own account, as every auth call and the own profile answer it. */
export const User = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  user_type: UserType,
  roles: z.array(Role),
  language: z.enum(LANGUAGES),
  /** Absolute or root-relative URL of the avatar image, or null. */
  avatar: z.string().nullable(),
  organization_name: z.string().nullable(),
  bio: z.string().nullable(),
  is_verified: z.boolean(),
  is_profile_complete: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof User>;
