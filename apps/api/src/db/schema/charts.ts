import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SeatChart } from '@hafla/shared/charts/chart-format';
import { users } from './accounts';
import { timestamps } from './columns';

/**
 * An organizer's seat chart: its name and the draft the designer saves (format:
 * docs/seat-chart-format.md). `published_version` is the newest version's number, moved in the
 * same transaction that adds it.
 */
export const seatCharts = pgTable(
  'seat_charts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizer_id: uuid('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    draft: jsonb('draft').$type<SeatChart>().notNull(),
    draft_seat_count: integer('draft_seat_count').notNull().default(0),
    published_version: integer('published_version'),
    ...timestamps,
  },
  (table) => [
    index('seat_charts_organizer_idx').on(table.organizer_id, table.created_at),
    check('seat_charts_published_version_check', sql`${table.published_version} >= 1`),
  ],
);

/**
 * Published versions, numbered 1, 2, … per chart and never changed (a trigger refuses UPDATE):
 * an event date keeps the version it was attached with, so editing the draft never moves a
 * seat that was sold. They go only with their chart.
 */
export const seatChartVersions = pgTable(
  'seat_chart_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chart_id: integer('chart_id')
      .notNull()
      .references(() => seatCharts.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    chart: jsonb('chart').$type<SeatChart>().notNull(),
    seat_count: integer('seat_count').notNull(),
    published_at: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('seat_chart_versions_chart_version_unique').on(table.chart_id, table.version),
    check('seat_chart_versions_version_check', sql`${table.version} >= 1`),
  ],
);
