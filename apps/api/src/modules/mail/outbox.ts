import type { Language } from '@hafla/shared/common/i18n';
import { and, eq, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { mailOutbox } from '../../db/schema/mail';

/**
 * The mail outbox: mail is queued in the transaction of the change that causes it (a rollback
 * leaves none) and sent by the mail worker afterwards. See decision 0009.
 */

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A failing mail is retried this long before it is given up as `failed`. */
export const KEEP_TRYING_SECONDS = 3 * 24 * 3600;

export interface QueuedMail {
  /** Chooses the renderer, e.g. `verify_email`, `booking_confirmed`. */
  kind: string;
  to: string;
  language: Language;
  /** What the renderer needs (ids, a code), never the rendered message. */
  params: Record<string, unknown>;
  /** Give up after this many seconds (a code that has expired is not worth sending). */
  giveUpAfterSeconds?: number;
}

const giveUpAt = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** Queues mail in the caller's transaction; the caller pokes the worker after the commit. */
export async function enqueueMail(tx: Db, mails: QueuedMail | QueuedMail[]): Promise<void> {
  const list = Array.isArray(mails) ? mails : [mails];
  if (list.length === 0) return;
  await tx.insert(mailOutbox).values(
    list.map((mail) => ({
      kind: mail.kind,
      recipient: mail.to,
      language: mail.language,
      params: mail.params,
      give_up_at: giveUpAt(mail.giveUpAfterSeconds ?? KEEP_TRYING_SECONDS),
    })),
  );
}

/**
 * Queues one mail per row of `select`, in the caller's transaction, in one statement. The select
 * yields `recipient`, `language` and `params` (jsonb), in that order.
 */
export async function enqueueMailsFrom(
  tx: Db,
  kind: string,
  select: SQL,
  giveUpAfterSeconds = KEEP_TRYING_SECONDS,
): Promise<void> {
  await tx.execute(queueMailsStatement(kind, select, giveUpAfterSeconds));
}

/** The INSERT of `enqueueMailsFrom`, for a caller that puts it behind a WITH of its own. */
export function queueMailsStatement(
  kind: string,
  select: SQL,
  giveUpAfterSeconds = KEEP_TRYING_SECONDS,
): SQL {
  return sql`
    insert into ${mailOutbox} (kind, recipient, language, params, give_up_at)
    select ${kind}, queued.recipient, queued.language, queued.params, ${giveUpAt(giveUpAfterSeconds)}
      from (${select}) as queued (recipient, language, params)`;
}

const claimStatement = preparedPerDb((db) => {
  const due = sql`(select id from ${mailOutbox}
                    where status = 'pending' and next_attempt_at <= now()
                    order by next_attempt_at
                    limit 1
                      for update skip locked)`;
  const leased = sql`now() + make_interval(secs => ${sql.placeholder('lease')})`;
  return db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      claimed_until: leased,
      next_attempt_at: leased,
    })
    .where(eq(mailOutbox.id, due))
    .returning()
    .prepare('mail_claim');
});

/**
 * Takes the mail that has been due longest and that no live worker holds, for `leaseSeconds`.
 * The lease is also its next attempt time, so if this process dies the row is due again then.
 * Prepared: every mail is claimed, and an idle worker asks every poll.
 */
export async function claimDueMail(db: Db, leaseSeconds: number): Promise<OutboxRow | null> {
  const [row] = await claimStatement(db).execute({ lease: leaseSeconds });
  return row ?? null;
}

/** The claim `row` came from is still the latest one (no other worker took the row since). */
const stillHeld = (row: OutboxRow) =>
  and(
    eq(mailOutbox.id, row.id),
    eq(mailOutbox.attempts, row.attempts),
    eq(mailOutbox.status, 'pending'),
  );

const cleared = (row: OutboxRow, isSecret: boolean) =>
  isSecret ? sql`'{}'::jsonb` : sql`${mailOutbox.params}`;

const sentStatement = (isSecret: boolean) =>
  preparedPerDb((db) =>
    db
      .update(mailOutbox)
      .set({
        status: 'sent',
        sent_at: sql`now()`,
        claimed_until: null,
        last_error: null,
        params: isSecret ? sql`'{}'::jsonb` : sql`${mailOutbox.params}`,
      })
      .where(eq(mailOutbox.id, sql.placeholder('id')))
      .prepare(isSecret ? 'mail_sent_secret' : 'mail_sent'),
  );
const sentStatements = { secret: sentStatement(true), plain: sentStatement(false) };

/** Sent. Once handed to the server it stays sent, whoever holds the row now (prepared). */
export async function markMailSent(db: Db, row: OutboxRow, isSecret: boolean): Promise<void> {
  await sentStatements[isSecret ? 'secret' : 'plain'](db).execute({ id: row.id });
}

/** Nothing to send any more (its booking or refund is gone). */
export async function markMailSkipped(
  db: Db,
  row: OutboxRow,
  reason: string,
  isSecret: boolean,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: 'skipped',
      claimed_until: null,
      last_error: reason,
      params: cleared(row, isSecret),
    })
    .where(stillHeld(row));
}

/**
 * A failed attempt: due again after `delayMs`, or `failed` when that would pass its give-up
 * time. Only the worker holding the latest claim records it. Answers the new status.
 */
export async function retryMailLater(
  db: Db,
  row: OutboxRow,
  delayMs: number,
  error: string,
  isSecret: boolean,
): Promise<'pending' | 'failed' | null> {
  const next = sql`now() + make_interval(secs => ${delayMs / 1000})`;
  const givesUp = sql`${next} > ${mailOutbox.give_up_at}`;
  const [updated] = await db
    .update(mailOutbox)
    .set({
      status: sql`case when ${givesUp} then 'failed' else 'pending' end`,
      next_attempt_at: next,
      claimed_until: null,
      last_error: error.slice(0, 2000),
      params: isSecret
        ? sql`case when ${givesUp} then '{}'::jsonb else ${mailOutbox.params} end`
        : sql`${mailOutbox.params}`,
    })
    .where(stillHeld(row))
    .returning({ status: mailOutbox.status });
  return (updated?.status as 'pending' | 'failed' | undefined) ?? null;
}

/** Deletes finished rows older than `keepSeconds`, a batch at a time; answers how many. */
export async function pruneMail(db: Db, keepSeconds: number, batch = 1000): Promise<number> {
  const old = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        ne(mailOutbox.status, 'pending'),
        lte(mailOutbox.created_at, sql`now() - make_interval(secs => ${keepSeconds})`),
      ),
    )
    .limit(batch);
  const deleted = await db
    .delete(mailOutbox)
    .where(inArray(mailOutbox.id, old))
    .returning({ id: mailOutbox.id });
  return deleted.length;
}
