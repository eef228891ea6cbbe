import type { AuditEntry, AuditLogQuery, AuditTargetType } from '@hafla/shared/admin/audit-log';
import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { adminAuditLog } from '../../db/schema/admin';
import { currentUser } from '../../plugins/auth';

/** The admin acting, and the address the request came from (Fastify's `ip`, proxy-aware). */
export interface AuditActor {
  userId: string;
  ip: string | null;
}

export function actorOf(request: FastifyRequest): AuditActor {
  return { userId: currentUser(request).userId, ip: request.ip || null };
}

export interface AuditRecord {
  action: string;
  targetType: AuditTargetType;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Dates and the like as JSON would write them, so a stored before/after reads back the same. */
const asJson = (value: unknown) =>
  value === undefined || value === null ? null : (JSON.parse(JSON.stringify(value)) as unknown);

/**
 * Appends one row to the audit log. Call it inside the transaction of the change, so the row
 * exists exactly when the change does (decision: every admin mutation writes one).
 */
export async function recordAudit(tx: Db | Tx, actor: AuditActor, record: AuditRecord) {
  await tx.insert(adminAuditLog).values({
    actor_id: actor.userId,
    actor_email: sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${actor.userId}), '')`,
    action: record.action,
    target_type: record.targetType,
    target_id: String(record.targetId),
    before: asJson(record.before),
    after: asJson(record.after),
    ip_address: actor.ip,
  });
}

export async function listAuditLog(db: Db, query: AuditLogQuery) {
  const where = and(
    query.actor ? eq(adminAuditLog.actor_id, query.actor) : undefined,
    query.action ? eq(adminAuditLog.action, query.action) : undefined,
    query.target_type ? eq(adminAuditLog.target_type, query.target_type) : undefined,
    query.target_id ? eq(adminAuditLog.target_id, query.target_id) : undefined,
    query.from ? gte(adminAuditLog.created_at, new Date(query.from)) : undefined,
    query.to ? lte(adminAuditLog.created_at, new Date(query.to)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .where(where)
      .orderBy(desc(adminAuditLog.created_at), desc(adminAuditLog.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(adminAuditLog).where(where),
  ]);
  const results: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    actor: { id: row.actor_id, email: row.actor_email },
    action: row.action,
    target_type: row.target_type as AuditTargetType,
    target_id: row.target_id,
    before: (row.before ?? null) as AuditEntry['before'],
    after: (row.after ?? null) as AuditEntry['after'],
    ip_address: row.ip_address,
    created_at: row.created_at.toISOString(),
  }));
  return { count: total?.n ?? 0, results };
}
