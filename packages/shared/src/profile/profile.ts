import { z } from 'zod';
import { User, UserType } from '../auth/users';
import { Phone } from '../auth/requests';
import { LANGUAGES } from '../common/i18n';

export const ProfileParams = z.object({ id: z.uuid() });

export const ProfileStats = z.object({
  followers_count: z.number().int(),
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
});

/** What anyone may see of another account. */
export const PublicProfile = z
  .object({
    id: z.uuid(),
    first_name: z.string(),
    last_name: z.string(),
    avatar: z.string().nullable(),
    user_type: UserType,
    organization_name: z.string().nullable(),
    bio: z.string().nullable(),
    /** Whether the signed-in reader follows this organizer; false when anonymous. */
    is_following: z.boolean(),
  })
  .extend(ProfileStats.shape);
export type PublicProfile = z.infer<typeof PublicProfile>;

/** The own profile: the whole account plus the public figures. */
export const OwnProfile = User.extend(ProfileStats.shape);
export type OwnProfile = z.infer<typeof OwnProfile>;

export const Profile = z.union([OwnProfile, PublicProfile]);
export type Profile = z.infer<typeof Profile>;

/**
 * PATCH body, as JSON or as multipart/form-data. In multipart, `avatar` is the image file
 * (PNG, JPEG, WebP or GIF, at most the app config's max_upload_bytes); in JSON, `avatar: null`
 * removes the current one.
 */
export const ProfileUpdateRequest = z.strictObject({
  first_name: z.string().trim().min(1).max(100).optional(),
  last_name: z.string().trim().min(1).max(100).optional(),
  phone: Phone.nullish().or(z.literal('').transform(() => null)),
  bio: z.string().trim().max(2000).nullish(),
  organization_name: z.string().trim().min(2).max(200).optional(),
  language: z.enum(LANGUAGES).optional(),
  avatar: z.string().nullish().describe('multipart: the image file; JSON: null removes it'),
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;
