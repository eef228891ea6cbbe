import type {
  AdminProblemReport,
  AdminProblemReportQuery,
  ProblemReportChange,
  ProblemReportPatch,
  ProblemReportStatus,
} from '@hafla/shared/admin/problem-reports';
import { and, asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { problemReportChanges, problemReports } from '../../db/schema/catalog';
import { fieldError, notFound } from '../../lib/app-error';
import { addNotifications, queueNotificationMailsOf } from '../notifications/notify';
import { recordAudit, type AuditActor } from './audit';
import { likePattern } from './content';

export interface ReportsDeps {
  db: Db;
  /** After the commit: push the notifications written (and poke the mailer). */
  notify: (ids: number[]) => void;
}

const reporter = alias(users, 'reporter');
const assignee = alias(users, 'assignee');

type PersonRow = Record<'id' | 'email' | 'first_name' | 'last_name', unknown>;
const personOf = (row: PersonRow | null) =>
  row && row.id !== null
    ? {
        id: String(row.id),
        email: String(row.email),
        name: `${String(row.first_name)} ${String(row.last_name)}`.trim(),
      }
    : null;
/** A person's columns from `users` or one of its aliases (reporter, assignee, author). */
function personColumns<
  T extends { id: PgColumn; email: PgColumn; first_name: PgColumn; last_name: PgColumn },
>(table: T) {
  return {
    id: table.id,
    email: table.email,
    first_name: table.first_name,
    last_name: table.last_name,
  };
}

async function load(db: Db | Tx, where: ReturnType<typeof and>, query?: AdminProblemReportQuery) {
  const ordering = query?.ordering ?? '-created_at';
  const column = ordering.endsWith('updated_at')
    ? problemReports.updated_at
    : problemReports.created_at;
  const direction = ordering.startsWith('-') ? desc : asc;
  const base = db
    .select({
      report: problemReports,
      reporter: personColumns(reporter),
      assignee: personColumns(assignee),
    })
    .from(problemReports)
    .innerJoin(reporter, eq(reporter.id, problemReports.reporter_id))
    .leftJoin(assignee, eq(assignee.id, problemReports.assignee_id))
    .where(where)
    .orderBy(direction(column), direction(problemReports.id));
  const rows = query ? await base.limit(query.limit).offset(query.offset) : await base;
  const ids = rows.map((row) => row.report.id);
  const author = alias(users, 'author');
  const assigned = alias(users, 'assigned');
  const changes =
    ids.length === 0
      ? []
      : await db
          .select({
            change: problemReportChanges,
            by: personColumns(author),
            assignee: personColumns(assigned),
          })
          .from(problemReportChanges)
          .leftJoin(author, eq(author.id, problemReportChanges.actor_id))
          .leftJoin(assigned, eq(assigned.id, problemReportChanges.assignee_id))
          .where(inArray(problemReportChanges.report_id, ids))
          .orderBy(asc(problemReportChanges.id));
  return rows.map((row): AdminProblemReport => ({
    id: row.report.id,
    subject: row.report.subject,
    message: row.report.message,
    event: row.report.event_id,
    status: row.report.status as ProblemReportStatus,
    reporter: personOf(row.reporter)!,
    assignee: personOf(row.assignee),
    history: changes
      .filter(({ change }) => change.report_id === row.report.id)
      .map(({ change, by, assignee: to }): ProblemReportChange => ({
        status: change.status as ProblemReportStatus,
        assignee: personOf(to),
        note: change.note,
        by: personOf(by),
        at: change.created_at.toISOString(),
      })),
    created_at: row.report.created_at.toISOString(),
    updated_at: row.report.updated_at.toISOString(),
  }));
}

function whereOf(query: AdminProblemReportQuery) {
  return and(
    query.status ? eq(problemReports.status, query.status) : undefined,
    query.assignee ? eq(problemReports.assignee_id, query.assignee) : undefined,
    query.search
      ? or(
          ilike(problemReports.subject, likePattern(query.search)),
          ilike(problemReports.message, likePattern(query.search)),
          ilike(reporter.email, likePattern(query.search)),
        )
      : undefined,
  );
}

export async function listReports(db: Db, query: AdminProblemReportQuery) {
  const where = whereOf(query);
  const [results, [total]] = await Promise.all([
    load(db, where, query),
    db
      .select({ n: count() })
      .from(problemReports)
      .innerJoin(reporter, eq(reporter.id, problemReports.reporter_id))
      .where(where),
  ]);
  return { count: total?.n ?? 0, results };
}

export async function getReport(db: Db | Tx, id: number): Promise<AdminProblemReport> {
  const [report] = await load(db, and(eq(problemReports.id, id)));
  if (!report) throw notFound();
  return report;
}

/**
 * Assigns a report and/or moves its status, with the admin's note kept in its history and the
 * audit log. Moving it to `resolved` notifies the reporter (in their language, also by email).
 */
export async function updateReport(
  deps: ReportsDeps,
  actor: AuditActor,
  id: number,
  patch: ProblemReportPatch,
): Promise<AdminProblemReport> {
  const { result, notified } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(problemReports)
      .where(eq(problemReports.id, id))
      .for('update');
    if (!row) throw notFound();
    if (patch.assignee) {
      const [admin] = await tx
        .select({ is_admin: users.is_admin })
        .from(users)
        .where(eq(users.id, patch.assignee));
      if (!admin?.is_admin) throw fieldError('does_not_exist', 'assignee');
    }
    const before = await getReport(tx, id);
    const status = patch.status ?? row.status;
    const assigneeId = patch.assignee === undefined ? row.assignee_id : patch.assignee;
    await tx
      .update(problemReports)
      .set({ status, assignee_id: assigneeId, updated_at: new Date() })
      .where(eq(problemReports.id, id));
    await tx.insert(problemReportChanges).values({
      report_id: id,
      actor_id: actor.userId,
      status,
      assignee_id: assigneeId,
      note: patch.note,
    });
    const after = await getReport(tx, id);
    await recordAudit(tx, actor, {
      action:
        patch.status && patch.status !== row.status
          ? `problem_report.${patch.status}`
          : 'problem_report.assign',
      targetType: 'problem_report',
      targetId: id,
      before: { status: before.status, assignee: before.assignee?.id ?? null },
      after: { status: after.status, assignee: after.assignee?.id ?? null, note: patch.note },
    });
    let ids: number[] = [];
    if (status === 'resolved' && row.status !== 'resolved') {
      ids = await addNotifications(tx, [
        {
          userId: row.reporter_id,
          kind: 'report_resolved',
          type: 'report',
          value: id,
          eventId: null,
          // The note is for staff; the reporter is told only that it was resolved.
          params: { subject: row.subject },
        },
      ]);
      await queueNotificationMailsOf(tx, ids);
    }
    return { result: after, notified: ids };
  });
  deps.notify(notified);
  return result;
}
