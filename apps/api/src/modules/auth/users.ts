import { eq } from 'drizzle-orm';
import type { Role, User } from '@hafla/shared/auth/users';
import { isLanguage } from '@hafla/shared/common/i18n';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import type { FileStorage } from '../../lib/storage';

export type UserRow = typeof users.$inferSelect;

/** The auth module's public surface for other modules: finding users and showing them. */
export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export function rolesOf(user: Pick<UserRow, 'user_type' | 'is_admin'>): Role[] {
  const roles: Role[] = ['attendee'];
  if (user.user_type === 'organizer') roles.push('organizer');
  if (user.is_admin) roles.push('admin');
  return roles;
}

export function avatarUrl(user: Pick<UserRow, 'avatar_key'>, storage: FileStorage): string | null {
  return user.avatar_key ? storage.url(user.avatar_key) : null;
}

export function toUser(user: UserRow, storage: FileStorage): User {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    phone: user.phone,
    user_type: user.user_type === 'organizer' ? 'organizer' : 'attendee',
    roles: rolesOf(user),
    language: isLanguage(user.language) ? user.language : 'en',
    avatar: avatarUrl(user, storage),
    organization_name: user.organization_name,
    bio: user.bio,
    is_verified: user.is_verified,
    is_profile_complete: user.is_profile_complete,
    created_at: user.created_at.toISOString(),
  };
}
