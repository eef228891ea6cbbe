import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/password';
import { endAllSessions } from '../../modules/auth/session-changes';
import type { Db } from '../client';
import { users } from '../schema/accounts';

/**
 * Creates a verified admin, or promotes an existing account and sets its password; the
 * account's sessions end (the password changed), announced to running API processes.
 */
export async function createAdmin(
  db: Db,
  email: string,
  password: string,
): Promise<'created' | 'promoted'> {
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const promoted = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        is_admin: true,
        is_verified: true,
        password_hash: passwordHash,
        password_changed_at: now,
        updated_at: now,
      })
      .where(eq(users.email, email))
      .returning({ id: users.id });
    if (row) await endAllSessions(tx, row.id, now);
    return row;
  });
  if (promoted) return 'promoted';
  await db.insert(users).values({
    email,
    password_hash: passwordHash,
    first_name: 'Admin',
    last_name: '',
    is_admin: true,
    is_verified: true,
    is_profile_complete: true,
  });
  return 'created';
}
