import type { AdminDashboard } from '@hafla/shared/admin/dashboard';
import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { problemReports } from '../../db/schema/catalog';
import { events } from '../../db/schema/events';
import { withdrawals } from '../../db/schema/finance';

const WEEK_MS = 7 * 86_400_000;

/** The console's first screen: what waits for staff, and the last seven days. */
export async function getDashboard(db: Db, now = new Date()): Promise<AdminDashboard> {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const [[reports], [pending], [published], [signUps]] = await Promise.all([
    db.select({ n: count() }).from(problemReports).where(eq(problemReports.status, 'new')),
    db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, 'requested')),
    db
      .select({ n: count() })
      .from(events)
      .where(and(eq(events.status, 'published'), gte(events.published_at, weekAgo))),
    db.select({ n: count() }).from(users).where(gte(users.created_at, weekAgo)),
  ]);
  return {
    new_reports: reports?.n ?? 0,
    pending_withdrawals: pending?.n ?? 0,
    events_published_this_week: published?.n ?? 0,
    sign_ups_this_week: signUps?.n ?? 0,
  };
}
