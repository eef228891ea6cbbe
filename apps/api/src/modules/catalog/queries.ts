import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import {
  appSettings,
  categories,
  configurationPages,
  eventTypes,
  faqEntries,
  problemReports,
} from '../../db/schema/catalog';
import { events } from '../../db/schema/events';

interface Window {
  limit: number;
  offset: number;
}

/** One ordered window of a content table's shown rows plus their total, for paginated lists. */
async function findWindow<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL,
  order: SQL[],
  window: Window,
) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ value: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows: rows as T['$inferSelect'][], count: total?.value ?? 0 };
}

// Content an admin hid is kept (events may still use a hidden category) but never listed.
export const findCategories = (db: Db, window: Window) =>
  findWindow(
    db,
    categories,
    eq(categories.is_hidden, false),
    [asc(categories.position), asc(categories.id)],
    window,
  );

export async function findCategory(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.is_hidden, false)))
    .limit(1);
  return row ?? null;
}

export const findEventTypes = (db: Db, window: Window) =>
  findWindow(
    db,
    eventTypes,
    eq(eventTypes.is_hidden, false),
    [asc(eventTypes.position), asc(eventTypes.id)],
    window,
  );

export const findFaqEntries = (db: Db, window: Window) =>
  findWindow(
    db,
    faqEntries,
    eq(faqEntries.is_hidden, false),
    [asc(faqEntries.position), asc(faqEntries.id)],
    window,
  );

export async function findConfigurationPage(db: Db, key: { id: number } | { slug: string }) {
  const condition =
    'id' in key ? eq(configurationPages.id, key.id) : eq(configurationPages.slug, key.slug);
  const [row] = await db
    .select()
    .from(configurationPages)
    .where(and(condition, eq(configurationPages.is_hidden, false)))
    .limit(1);
  return row ?? null;
}

/** A setting's stored value; `lock` holds its row until the transaction ends (read, change, write). */
export async function findSetting(
  db: Db | Tx,
  key: string,
  options: { lock?: boolean } = {},
): Promise<unknown> {
  const query = db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row?.value ?? null;
}

export async function upsertSetting(db: Db | Tx, key: string, value: unknown): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updated_at: new Date() } });
}

export async function findCategorySlugs(db: Db): Promise<Set<string>> {
  const rows = await db.select({ slug: categories.slug }).from(categories);
  return new Set(rows.map((row) => row.slug));
}

/** Whether an event is public: published (ended or not) or cancelled, never a draft. */
export async function isVisibleEvent(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, id), inArray(events.status, ['published', 'cancelled'])))
    .limit(1);
  return row !== undefined;
}

export async function insertProblemReport(
  db: Db,
  values: { reporterId: string; eventId: number | null; subject: string; message: string },
) {
  const [row] = await db
    .insert(problemReports)
    .values({
      reporter_id: values.reporterId,
      event_id: values.eventId,
      subject: values.subject,
      message: values.message,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
