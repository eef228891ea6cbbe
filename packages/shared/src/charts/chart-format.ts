import { z } from 'zod';

/**
 * The seat chart format, version 1 (docs/seat-chart-format.md). A chart is plain JSON: the
 * designer writes it, the API stores drafts and immutable published versions of it, and the
 * seat map draws it. Positions are explicit; the row and label parameters only record how the
 * designer made them, so a viewer never recomputes a seat.
 */
export const CHART_FORMAT_VERSION = 1;

/**
 * Hard limits. Every array is capped in the schema (zod refuses an oversized array before it
 * reads its items), the API refuses a body over `maxJsonBytes` before parsing it and counts
 * seats before validating them, so an absurd chart (a million seats) costs almost nothing.
 */
export const CHART_LIMITS = {
  maxSeats: 20_000,
  maxSections: 200,
  maxRowsPerSection: 500,
  maxSeatsPerRow: 500,
  maxTablesPerSection: 500,
  maxSeatsPerTable: 50,
  maxAreas: 100,
  maxAreaCapacity: 100_000,
  maxCategories: 50,
  /** Venue size and every coordinate, in chart units. */
  maxCoordinate: 100_000,
  maxSeatSize: 1_000,
  /** Seat, row and table labels ("12", "AA", "أ"). */
  maxLabelLength: 16,
  /** Names in English and Arabic (sections, categories, stage, areas). */
  maxNameLength: 80,
  maxIdLength: 40,
  maxUrlLength: 2048,
  maxLabelStart: 9_999,
  /** The largest chart body the API reads (8 MiB); 20,000 seats take about 2–3 MB. */
  maxJsonBytes: 8 * 1024 * 1024,
} as const;

/** Ids of seats, rows, sections, tables and areas: unique within a chart, stable across versions. */
export const ChartElementId = z
  .string()
  .min(1)
  .max(CHART_LIMITS.maxIdLength)
  .regex(/^[A-Za-z0-9_.:-]+$/);

export const CategoryKey = z
  .string()
  .min(1)
  .max(CHART_LIMITS.maxIdLength)
  .regex(/^[A-Za-z0-9_-]+$/);

const ShortLabel = z.string().trim().min(1).max(CHART_LIMITS.maxLabelLength);
const Name = z.string().trim().min(1).max(CHART_LIMITS.maxNameLength);
const Coordinate = z.number().min(-CHART_LIMITS.maxCoordinate).max(CHART_LIMITS.maxCoordinate);
const Extent = z.number().min(0).max(CHART_LIMITS.maxCoordinate);
/** Degrees, clockwise. */
const Rotation = z.number().min(-360).max(360).default(0);

/** An image on this server (`/uploads/…`) or an http(s) address. */
const BackgroundImageUrl = z
  .string()
  .max(CHART_LIMITS.maxUrlLength)
  .regex(/^(https?:\/\/|\/uploads\/)[^\s]+$/);

export const Color = z.string().regex(/^#[0-9A-Fa-f]{6}$/);

/** How labels are written: 1 2 3 …, A B … Z AA AB …, or أ ب ت … (the Arabic alphabet). */
export const LabelScheme = z.enum(['numbers', 'latin', 'arabic']);
export type LabelScheme = z.infer<typeof LabelScheme>;

/**
 * How the designer labelled a run of things: seats of a row (listed left to right as drawn) or
 * rows of a section (listed front to back). `forward` counts up in listing order, `reverse`
 * counts up from the other end. `start` is the first number, or the letter's position (1 = A).
 */
export const LabelRule = z.strictObject({
  scheme: LabelScheme.default('numbers'),
  start: z.number().int().min(1).max(CHART_LIMITS.maxLabelStart).default(1),
  direction: z.enum(['forward', 'reverse']).default('forward'),
});
export type LabelRule = z.infer<typeof LabelRule>;

const defaultLabelRule = (): LabelRule => ({ scheme: 'numbers', start: 1, direction: 'forward' });

export const Venue = z.strictObject({
  width: z.number().min(1).max(CHART_LIMITS.maxCoordinate),
  height: z.number().min(1).max(CHART_LIMITS.maxCoordinate),
  /** A seat's diameter: two seats whose centres are closer than this overlap. */
  seat_size: z.number().min(1).max(CHART_LIMITS.maxSeatSize).default(20),
  background_image_url: BackgroundImageUrl.nullable().default(null),
});
export type Venue = z.infer<typeof Venue>;

export const Stage = z.strictObject({
  label_en: Name,
  label_ar: Name,
  x: Coordinate,
  y: Coordinate,
  width: Extent,
  height: Extent,
  rotation: Rotation,
});
export type Stage = z.infer<typeof Stage>;

export const Point = z.strictObject({ x: Coordinate, y: Coordinate });
export type Point = z.infer<typeof Point>;

export const ChartCategory = z.strictObject({
  key: CategoryKey,
  label_en: Name,
  label_ar: Name,
  color: Color,
});
export type ChartCategory = z.infer<typeof ChartCategory>;

/**
 * One seat. `left` and `right` name the seats beside it (null at a row's end or an aisle);
 * they are what "adjacent" means to the orphan rule and to best available.
 */
export const Seat = z.strictObject({
  id: ChartElementId,
  label: ShortLabel,
  x: Coordinate,
  y: Coordinate,
  /** A category key; null only in a draft (publishing refuses it). */
  category: CategoryKey.nullable().default(null),
  accessible: z.boolean().default(false),
  companion: z.boolean().default(false),
  left: ChartElementId.nullable().default(null),
  right: ChartElementId.nullable().default(null),
});
export type Seat = z.infer<typeof Seat>;

/** A row: seats listed left to right as drawn; `curve` 0 is straight, ±1 a half circle. */
export const Row = z.strictObject({
  id: ChartElementId,
  label: ShortLabel,
  curve: z.number().min(-1).max(1).default(0),
  rotation: Rotation,
  /** Distance between neighbouring seats' centres, as the designer laid them out. */
  seat_spacing: z.number().min(0).max(CHART_LIMITS.maxCoordinate).default(0),
  seat_labels: LabelRule.default(defaultLabelRule),
  seats: z.array(Seat).max(CHART_LIMITS.maxSeatsPerRow).default([]),
});
export type Row = z.infer<typeof Row>;

/** A table with its seats listed around it; neighbours may close the ring. */
export const Table = z.strictObject({
  id: ChartElementId,
  label: ShortLabel,
  shape: z.enum(['round', 'rectangle']).default('round'),
  x: Coordinate,
  y: Coordinate,
  width: Extent,
  height: Extent,
  rotation: Rotation,
  seats: z.array(Seat).max(CHART_LIMITS.maxSeatsPerTable).default([]),
});
export type Table = z.infer<typeof Table>;

export const Section = z.strictObject({
  id: ChartElementId,
  label_en: Name,
  label_ar: Name,
  row_labels: LabelRule.default(defaultLabelRule),
  rows: z.array(Row).max(CHART_LIMITS.maxRowsPerSection).default([]),
  tables: z.array(Table).max(CHART_LIMITS.maxTablesPerSection).default([]),
});
export type Section = z.infer<typeof Section>;

/** General admission: a capacity, no seats. */
export const Area = z.strictObject({
  id: ChartElementId,
  label_en: Name,
  label_ar: Name,
  category: CategoryKey.nullable().default(null),
  capacity: z.number().int().min(1).max(CHART_LIMITS.maxAreaCapacity),
  x: Coordinate,
  y: Coordinate,
  width: Extent,
  height: Extent,
  rotation: Rotation,
});
export type Area = z.infer<typeof Area>;

/**
 * The number of seats in anything shaped like a chart, counted without validating it: cheap
 * (it touches rows and tables, never a seat), so a huge chart is refused before it is read.
 */
export function countChartSeats(input: unknown): number {
  const list = (value: unknown, key: string): unknown[] => {
    if (typeof value !== 'object' || value === null) return [];
    const items = (value as Record<string, unknown>)[key];
    return Array.isArray(items) ? items : [];
  };
  let total = 0;
  for (const section of list(input, 'sections')) {
    for (const row of list(section, 'rows')) total += list(row, 'seats').length;
    for (const table of list(section, 'tables')) total += list(table, 'seats').length;
  }
  return total;
}

export const SeatChart = z
  .strictObject({
    /** The format's version; a later format gets a new number and a reader of this one refuses it. */
    version: z.literal(CHART_FORMAT_VERSION),
    venue: Venue,
    stage: Stage.nullable().default(null),
    /** Where the audience looks: best available measures distance to this point. */
    focal_point: Point,
    categories: z.array(ChartCategory).max(CHART_LIMITS.maxCategories).default([]),
    sections: z.array(Section).max(CHART_LIMITS.maxSections).default([]),
    areas: z.array(Area).max(CHART_LIMITS.maxAreas).default([]),
  })
  .superRefine((chart, context) => {
    const seats = countChartSeats(chart);
    if (seats > CHART_LIMITS.maxSeats) {
      context.addIssue({
        code: 'custom',
        path: ['sections'],
        message: `at most ${CHART_LIMITS.maxSeats} seats`,
        params: { code: 'max_seats' },
      });
    }
  })
  // A named component in the OpenAPI document: the published format (docs/seat-chart-format.md).
  .meta({
    id: 'SeatChart',
    description: 'A seat chart, format version 1 (docs/seat-chart-format.md)',
  });
export type SeatChart = z.infer<typeof SeatChart>;
/** A chart as a client writes it (defaults may be left out). */
export type SeatChartInput = z.input<typeof SeatChart>;

/** A new chart: an empty 1000 × 800 venue with the focal point at the middle of the top edge. */
export function emptyChart(): SeatChart {
  return {
    version: CHART_FORMAT_VERSION,
    venue: { width: 1000, height: 800, seat_size: 20, background_image_url: null },
    stage: null,
    focal_point: { x: 500, y: 0 },
    categories: [],
    sections: [],
    areas: [],
  };
}
