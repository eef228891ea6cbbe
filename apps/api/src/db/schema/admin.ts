import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every admin action, one row each, written in the transaction of the change it records (so a
 * rolled-back change leaves no row). Append-only: a trigger refuses UPDATE and DELETE. The actor
 * is kept by id and email without a foreign key, so the trail outlives the account.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actor_id: uuid('actor_id').notNull(),
    actor_email: text('actor_email').notNull(),
    action: text('action').notNull(),
    target_type: text('target_type').notNull(),
    target_id: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip_address: text('ip_address'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('admin_audit_log_created_idx').on(table.created_at.desc(), table.id.desc()),
    index('admin_audit_log_actor_idx').on(table.actor_id, table.created_at),
    index('admin_audit_log_target_idx').on(table.target_type, table.target_id, table.created_at),
    index('admin_audit_log_action_idx').on(table.action, table.created_at),
  ],
);
