import type {
  AdminCategory,
  AdminEventType,
  AdminFaqEntry,
  AdminPage,
  ContentKind,
  ContentListQuery,
  ReorderRequest,
} from '@hafla/shared/admin/content';
import type { AuditTargetType } from '@hafla/shared/admin/audit-log';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  ilike,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { categories, configurationPages, eventTypes, faqEntries } from '../../db/schema/catalog';
import { events } from '../../db/schema/events';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { recordAudit, type AuditActor } from './audit';

/**
 * The bilingual content admins edit: categories, event types, FAQ entries and configuration
 * pages share one shape of work (list with search and sort, create, edit, reorder, hide,
 * delete unless in use), described per kind below and done by the functions after it.
 */
interface ContentSpec {
  table: PgTable & { id: AnyPgColumn; is_hidden: AnyPgColumn; updated_at: AnyPgColumn };
  targetType: AuditTargetType;
  /** Searched (case-insensitively) in both languages. */
  searchColumns: AnyPgColumn[];
  /** What `title` sorts by. */
  titleColumn: AnyPgColumn;
  position: AnyPgColumn | null;
  /** Events referring to a row: counted in lists; a row in use is not deleted. */
  usedBy: { column: AnyPgColumn; code: string } | null;
}

export const CONTENT: Record<ContentKind, ContentSpec> = {
  categories: {
    table: categories,
    targetType: 'category',
    searchColumns: [categories.slug, categories.name_en, categories.name_ar],
    titleColumn: categories.name_en,
    position: categories.position,
    usedBy: { column: events.category_id, code: 'category_in_use' },
  },
  'event-types': {
    table: eventTypes,
    targetType: 'event_type',
    searchColumns: [eventTypes.slug, eventTypes.name_en, eventTypes.name_ar],
    titleColumn: eventTypes.name_en,
    position: eventTypes.position,
    usedBy: { column: events.event_type_id, code: 'event_type_in_use' },
  },
  faq: {
    table: faqEntries,
    targetType: 'faq_entry',
    searchColumns: [
      faqEntries.question_en,
      faqEntries.question_ar,
      faqEntries.answer_en,
      faqEntries.answer_ar,
    ],
    titleColumn: faqEntries.question_en,
    position: faqEntries.position,
    usedBy: null,
  },
  pages: {
    table: configurationPages,
    targetType: 'configuration_page',
    searchColumns: [
      configurationPages.slug,
      configurationPages.title_en,
      configurationPages.title_ar,
    ],
    titleColumn: configurationPages.title_en,
    position: null,
    usedBy: null,
  },
};

type Row = Record<string, unknown> & { id: number; updated_at: Date; events_count?: number };
export type AdminContent = AdminCategory | AdminEventType | AdminFaqEntry | AdminPage;

/** `%`, `_` and `\` typed in a search are literal characters, not patterns. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function usageOf(spec: ContentSpec): Record<string, SQL.Aliased<number>> {
  if (!spec.usedBy) return {};
  return {
    // Qualified by hand: inside the subquery a bare "id" would be the event's own.
    events_count:
      sql<number>`(select count(*) from ${events} where ${spec.usedBy.column} = ${sql.identifier(getTableName(spec.table as PgTable))}.${sql.identifier('id')})`
        .mapWith(Number)
        .as('events_count'),
  };
}

/** Every column of the kind's table, and its usage count where events refer to it. */
function selectionOf(spec: ContentSpec) {
  return { ...getTableColumns(spec.table as PgTable), ...usageOf(spec) };
}

function toAnswer(row: Row): AdminContent {
  const { created_at: _created, ...rest } = row;
  return {
    ...rest,
    ...(row.events_count !== undefined && { events_count: Number(row.events_count) }),
    updated_at: row.updated_at.toISOString(),
  } as AdminContent;
}

function orderOf(spec: ContentSpec, ordering: ContentListQuery['ordering']): SQL[] {
  const descending = ordering.startsWith('-');
  const field = ordering.replace(/^-/, '');
  const column =
    field === 'title'
      ? spec.titleColumn
      : field === 'updated_at'
        ? spec.table.updated_at
        : (spec.position ?? spec.table.id);
  const direction = descending ? desc : asc;
  return [direction(column), direction(spec.table.id)];
}

export async function listContent(db: Db, kind: ContentKind, query: ContentListQuery) {
  const spec = CONTENT[kind];
  const where = and(
    query.search
      ? or(...spec.searchColumns.map((column) => ilike(column, likePattern(query.search!))))
      : undefined,
    query.hidden === undefined ? undefined : eq(spec.table.is_hidden, query.hidden),
  );
  const table = spec.table as PgTable;
  const [rows, [total]] = await Promise.all([
    db
      .select(selectionOf(spec))
      .from(table)
      .where(where)
      .orderBy(...orderOf(spec, query.ordering))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(table).where(where),
  ]);
  return { count: total?.n ?? 0, results: (rows as Row[]).map(toAnswer) };
}

async function findOne(db: Db | Tx, spec: ContentSpec, id: number, lock = false) {
  // Locked first, on its own: FOR UPDATE does not mix with the usage count's aggregate.
  if (lock) {
    await db
      .select({ id: spec.table.id })
      .from(spec.table as PgTable)
      .where(eq(spec.table.id, id))
      .for('update');
  }
  const [found] = await db
    .select(selectionOf(spec))
    .from(spec.table as PgTable)
    .where(eq(spec.table.id, id));
  if (!found) throw notFound();
  return toAnswer(found as Row);
}

export function getContent(db: Db, kind: ContentKind, id: number) {
  return findOne(db, CONTENT[kind], id);
}

export async function createContent(
  db: Db,
  actor: AuditActor,
  kind: ContentKind,
  input: Record<string, unknown>,
): Promise<AdminContent> {
  const spec = CONTENT[kind];
  return db.transaction(async (tx) => {
    const [row] = (await tx
      .insert(spec.table as PgTable)
      .values(input as never)
      .returning({ id: spec.table.id })) as Array<{ id: number }>;
    const created = await findOne(tx, spec, row!.id);
    await recordAudit(tx, actor, {
      action: `${spec.targetType}.create`,
      targetType: spec.targetType,
      targetId: row!.id,
      after: created,
    });
    return created;
  });
}

export async function updateContent(
  db: Db,
  actor: AuditActor,
  kind: ContentKind,
  id: number,
  patch: Record<string, unknown>,
): Promise<AdminContent> {
  const spec = CONTENT[kind];
  return db.transaction(async (tx) => {
    const before = await findOne(tx, spec, id, true);
    await tx
      .update(spec.table as PgTable)
      .set({ ...patch, updated_at: new Date() } as never)
      .where(eq(spec.table.id, id));
    const after = await findOne(tx, spec, id);
    const hidingOnly = Object.keys(patch).length === 1 && 'is_hidden' in patch;
    await recordAudit(tx, actor, {
      action: `${spec.targetType}.${hidingOnly ? (patch.is_hidden ? 'hide' : 'show') : 'update'}`,
      targetType: spec.targetType,
      targetId: id,
      before,
      after,
    });
    return after;
  });
}

/** Deletes a row no event uses; one in use is refused with the kind's `…_in_use` code. */
export async function deleteContent(
  db: Db,
  actor: AuditActor,
  kind: ContentKind,
  id: number,
): Promise<void> {
  const spec = CONTENT[kind];
  await db.transaction(async (tx) => {
    const before = await findOne(tx, spec, id, true);
    if (spec.usedBy && (before as { events_count: number }).events_count > 0) {
      throw new AppError(spec.usedBy.code, {
        status: 409,
        params: { events: (before as { events_count: number }).events_count },
      });
    }
    await tx.delete(spec.table as PgTable).where(eq(spec.table.id, id));
    await recordAudit(tx, actor, {
      action: `${spec.targetType}.delete`,
      targetType: spec.targetType,
      targetId: id,
      before,
    });
  });
}

/** Gives each listed row its index as its position (one audit row for the whole move). */
export async function reorderContent(
  db: Db,
  actor: AuditActor,
  kind: Exclude<ContentKind, 'pages'>,
  input: ReorderRequest,
): Promise<void> {
  const spec = CONTENT[kind];
  const position = spec.position!;
  const seen = new Set<number>();
  input.ids.forEach((id, index) => {
    if (seen.has(id)) throw fieldError('unique', `ids.${index}`);
    seen.add(id);
  });
  await db.transaction(async (tx) => {
    const table = spec.table as PgTable;
    const rows = (await tx
      .select({ id: spec.table.id, position })
      .from(table)
      .for('update')) as Array<{ id: number; position: number }>;
    const known = new Map(rows.map((row) => [row.id, row.position]));
    input.ids.forEach((id, index) => {
      if (!known.has(id)) throw fieldError('does_not_exist', `ids.${index}`);
    });
    for (const [index, id] of input.ids.entries()) {
      if (known.get(id) === index) continue;
      await tx
        .update(table)
        .set({ [position.name]: index, updated_at: new Date() } as never)
        .where(eq(spec.table.id, id));
    }
    await recordAudit(tx, actor, {
      action: `${spec.targetType}.reorder`,
      targetType: spec.targetType,
      targetId: '*',
      before: input.ids.map((id) => ({ id, position: known.get(id) })),
      after: input.ids.map((id, index) => ({ id, position: index })),
    });
  });
}
