import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/password';
import type { Db } from '../client';
import { users } from '../schema/accounts';

/** Listed in the README; for trying Hafla out, never for production data. */
export const DEMO_PASSWORD = 'hafla-demo-2026';

export const demoAccounts = [
  {
    email: 'attendee@hafla.test',
    first_name: 'Layla',
    last_name: 'Haddad',
    user_type: 'attendee',
    language: 'en',
    is_admin: false,
  },
  {
    email: 'organizer@hafla.test',
    first_name: 'Omar',
    last_name: 'Khalil',
    user_type: 'organizer',
    organization_name: 'Nour Events',
    bio: 'Concerts and cultural evenings in Riyadh and Jeddah.',
    language: 'ar',
    is_admin: false,
  },
  {
    email: 'admin@hafla.test',
    first_name: 'Hafla',
    last_name: 'Admin',
    user_type: 'attendee',
    language: 'en',
    is_admin: true,
  },
] as const;

export async function seedDemoAccounts(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of demoAccounts) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, account.email));
    if (existing) continue;
    await db.insert(users).values({
      ...account,
      password_hash: passwordHash,
      is_verified: true,
      is_profile_complete: true,
    });
  }
}
