import { CHART_LIMITS } from '@hafla/shared/charts/chart-format';
import type {
  Area,
  ChartCategory,
  LabelRule,
  Row,
  Seat,
  SeatChart,
  Section,
  Stage,
  Table,
  Venue,
} from '@hafla/shared/charts/chart-format';
import { labelsFor } from '@hafla/shared/charts/labels';
import { layoutSection, layoutTables } from '@hafla/shared/charts/layout';

/**
 * The designer's editing operations (decision 0022): pure functions from one chart to the next,
 * never mutating their input, so the undo stack keeps plain snapshots and every step can be
 * tested without a canvas. Positions stay explicit (docs/seat-chart-format.md): moving or
 * re-laying out a block writes every seat's x/y.
 */

/** What a block of rows is made of, as the "add a block" form asks it. */
export interface BlockOptions {
  label_en: string;
  label_ar: string;
  rows: number;
  seatsPerRow: number;
  seatSpacing: number;
  rowSpacing: number;
  /** −1 … 1; positive bends the ends towards the stage. */
  curve: number;
  /** Degrees, clockwise. */
  rotation: number;
  /** Centre of the block; the venue's middle when left out. */
  x?: number;
  y?: number;
  rowLabels?: LabelRule;
  seatLabels?: LabelRule;
}

/** What the "add tables" form asks: tables of seats in a grid, as one new section. */
export interface TableBlockOptions {
  label_en: string;
  label_ar: string;
  tables: number;
  seatsPerTable: number;
  shape: 'round' | 'rectangle';
  /** Tables per line, front to back. */
  columns: number;
  seatSpacing: number;
  tableLabels?: LabelRule;
}

export interface SeatRef {
  seat: Seat;
  section: Section;
  /** The seat's row, or its table. */
  row: Row | Table;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** A section's runs of seats: its rows front to back, then its tables. */
export function groupsOf(section: Section): Array<Row | Table> {
  return [...section.rows, ...section.tables];
}

/** Every seat of every row and table, with its section and row or table. */
export function listSeats(chart: SeatChart): SeatRef[] {
  const seats: SeatRef[] = [];
  for (const section of chart.sections) {
    for (const row of groupsOf(section)) {
      for (const seat of row.seats) seats.push({ seat, section, row });
    }
  }
  return seats;
}

function seatsOfSection(section: Section): Seat[] {
  return groupsOf(section).flatMap((group) => group.seats);
}

export function countSeats(chart: SeatChart): number {
  return chart.sections.reduce(
    (total, section) =>
      total + groupsOf(section).reduce((sum, group) => sum + group.seats.length, 0),
    0,
  );
}

/** Seats per category key (null: seats without one yet). */
export function countByCategory(chart: SeatChart): Map<string | null, number> {
  const counts = new Map<string | null, number>();
  for (const { seat } of listSeats(chart)) {
    counts.set(seat.category, (counts.get(seat.category) ?? 0) + 1);
  }
  return counts;
}

/** A section id nobody uses yet: `s1`, `s2`, … */
export function nextSectionId(chart: SeatChart): string {
  const taken = new Set(chart.sections.map((section) => section.id));
  let number = chart.sections.length + 1;
  while (taken.has(`s${number}`)) number += 1;
  return `s${number}`;
}

function boundsOf(points: ReadonlyArray<{ x: number; y: number }>) {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const { x, y } of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}

/** The middle of the seats' bounding box (the venue's middle when there are none). */
function middleOf(chart: SeatChart, seats: readonly Seat[]): { x: number; y: number } {
  if (seats.length === 0) return { x: chart.venue.width / 2, y: chart.venue.height / 2 };
  const box = boundsOf(seats);
  return { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 };
}

/** A section moved by (dx, dy): its seats and its tables. */
function translateSection(section: Section, dx: number, dy: number): Section {
  const move = (seat: Seat): Seat => ({ ...seat, x: round(seat.x + dx), y: round(seat.y + dy) });
  return {
    ...section,
    rows: section.rows.map((row) => ({ ...row, seats: row.seats.map(move) })),
    tables: section.tables.map((table) => ({
      ...table,
      x: round(table.x + dx),
      y: round(table.y + dy),
      seats: table.seats.map(move),
    })),
  };
}

/** A laid-out section moved so the middle of its seats is at (x, y). */
function centreSection(laid: Section, x: number, y: number): Section {
  const box = boundsOf(seatsOfSection(laid));
  if (!Number.isFinite(box.minX)) return laid;
  return translateSection(laid, x - (box.minX + box.maxX) / 2, y - (box.minY + box.maxY) / 2);
}

/** Lays a block out, then moves it so the middle of its seats is at (x, y). */
function placeBlock(id: string, options: BlockOptions, x: number, y: number): Section {
  const laid = layoutSection({
    id,
    label_en: options.label_en,
    label_ar: options.label_ar,
    x: 0,
    y: 0,
    rows: options.rows,
    seatsPerRow: options.seatsPerRow,
    seatSpacing: options.seatSpacing,
    rowSpacing: options.rowSpacing,
    curve: options.curve,
    rotation: options.rotation,
    rowLabels: options.rowLabels,
    seatLabels: options.seatLabels,
  });
  return centreSection(laid, x, y);
}

/** Lays a block of tables out, then moves it so the middle of its seats is at (x, y). */
function placeTables(
  id: string,
  options: TableBlockOptions,
  seatSize: number,
  x: number,
  y: number,
): Section {
  const laid = layoutTables({ id, x: 0, y: 0, seatSize, ...options });
  return centreSection(laid, x, y);
}

/** Where a new block goes, and the venue that holds it. */
interface Room {
  x: number;
  y: number;
  venue: Venue;
}

/**
 * Where a new block goes: centred across the venue, a gap below everything already drawn
 * (seats, standing areas, the stage), so two blocks never land on each other. The venue grows
 * to hold it, up to the format's largest coordinate; null when even that is too small. `probe`
 * is the block laid out anywhere.
 */
function roomFor(chart: SeatChart, probe: Section): Room | null {
  const size = chart.venue.seat_size;
  const box = boundsOf(seatsOfSection(probe));
  const width = Number.isFinite(box.minX) ? box.maxX - box.minX : 0;
  const height = Number.isFinite(box.minY) ? box.maxY - box.minY : 0;
  const bottoms = [
    ...listSeats(chart).map((ref) => ref.seat.y + size / 2),
    ...chart.areas.map((area) => area.y + area.height),
    chart.stage ? chart.stage.y + chart.stage.height : 0,
  ];
  // The block's front seats (their centres): a clear gap of two seats below what is drawn.
  const top = Math.max(0, ...bottoms) + size * 2 + size / 2;
  // Room for a seat's own size round the block's outermost centres.
  const margin = size;
  const x = Math.max(chart.venue.width / 2, width / 2 + margin);
  const right = Math.ceil(x + width / 2 + margin);
  const bottom = Math.ceil(top + height + margin);
  if (right > CHART_LIMITS.maxCoordinate || bottom > CHART_LIMITS.maxCoordinate) return null;
  return {
    x: round(x),
    y: round(top + height / 2),
    venue: {
      ...chart.venue,
      width: Math.max(chart.venue.width, right),
      height: Math.max(chart.venue.height, bottom),
    },
  };
}

/** A new section placed in its room, the venue grown to hold it when it had to. */
function withSection(chart: SeatChart, section: Section, venue: Venue): SeatChart {
  return {
    ...chart,
    venue:
      venue.width === chart.venue.width && venue.height === chart.venue.height
        ? chart.venue
        : venue,
    sections: [...chart.sections, section],
  };
}

/** Whether a block of rows fits below what is drawn in a venue of the format's largest size. */
export function blockFits(chart: SeatChart, options: BlockOptions): boolean {
  return roomFor(chart, placeBlock('probe', options, 0, 0)) !== null;
}

/** Whether a block of tables fits below what is drawn in a venue of the largest size. */
export function tablesFit(chart: SeatChart, options: TableBlockOptions): boolean {
  return roomFor(chart, placeTables('probe', options, chart.venue.seat_size, 0, 0)) !== null;
}

/**
 * Adds a block of rows × seats as a new section; answers the chart and the section's id. Without
 * a position the block goes below what is drawn, the venue growing to hold it; a block that
 * does not fit anywhere (`blockFits`) leaves the chart as it was.
 */
export function addBlock(
  chart: SeatChart,
  options: BlockOptions,
): { chart: SeatChart; sectionId: string } {
  const id = nextSectionId(chart);
  if (options.x !== undefined && options.y !== undefined) {
    const section = placeBlock(id, options, options.x, options.y);
    return { chart: { ...chart, sections: [...chart.sections, section] }, sectionId: id };
  }
  const room = roomFor(chart, placeBlock('probe', options, 0, 0));
  if (!room) return { chart, sectionId: id };
  const section = placeBlock(id, options, room.x, room.y);
  return { chart: withSection(chart, section, room.venue), sectionId: id };
}

/**
 * Adds a block of tables as a new section, below what is drawn, the venue growing to hold it;
 * answers it and its id (a block that does not fit, `tablesFit`, leaves the chart as it was).
 */
export function addTableBlock(
  chart: SeatChart,
  options: TableBlockOptions,
): { chart: SeatChart; sectionId: string } {
  const id = nextSectionId(chart);
  const size = chart.venue.seat_size;
  const room = roomFor(chart, placeTables('probe', options, size, 0, 0));
  if (!room) return { chart, sectionId: id };
  const section = placeTables(id, options, size, room.x, room.y);
  return { chart: withSection(chart, section, room.venue), sectionId: id };
}

/** The layout a section's tables were made with, read back from them (for the edit form). */
export function tableBlockOptionsOf(section: Section): TableBlockOptions {
  const first = section.tables[0];
  const firstY = first?.y ?? 0;
  const columns = section.tables.filter((table) => table.y === firstY).length;
  const seats = first?.seats ?? [];
  const spacing =
    first?.shape === 'rectangle' && seats.length >= 2
      ? Math.abs(seats[1]!.x - seats[0]!.x)
      : first && seats.length > 0
        ? (2 * Math.PI * Math.hypot(seats[0]!.x - first.x, seats[0]!.y - first.y)) / seats.length
        : 30;
  return {
    label_en: section.label_en,
    label_ar: section.label_ar,
    tables: section.tables.length,
    seatsPerTable: seats.length,
    shape: first?.shape ?? 'round',
    columns: Math.max(1, columns),
    // Whole units, as the form asks them (a ring at its smallest reads back a little wider).
    seatSpacing: Math.round(spacing),
    tableLabels: section.row_labels,
  };
}

/** Keeps each seat's category and flags from `before` where its id is the same. */
function keepSeatDetails(seat: Seat, before: ReadonlyMap<string, Seat>): Seat {
  const old = before.get(seat.id);
  return old
    ? { ...seat, category: old.category, accessible: old.accessible, companion: old.companion }
    : seat;
}

/**
 * Lays a section's tables out again (count, seats, shape, grid), keeping the middle where it
 * was; seats keep their ids (`<section>.t<table>.s<seat>`) and with them category and flags.
 */
export function relayoutTables(
  chart: SeatChart,
  sectionId: string,
  options: TableBlockOptions,
): SeatChart {
  const section = chart.sections.find((candidate) => candidate.id === sectionId);
  if (!section) return chart;
  const seats = section.tables.flatMap((table) => table.seats);
  const { x, y } = middleOf(chart, seats);
  const laid = placeTables(sectionId, options, chart.venue.seat_size, x, y);
  const before = new Map(seats.map((seat) => [seat.id, seat]));
  return replaceSection(chart, {
    ...section,
    label_en: options.label_en,
    label_ar: options.label_ar,
    row_labels: laid.row_labels,
    tables: laid.tables.map((table) => ({
      ...table,
      seats: table.seats.map((seat) => keepSeatDetails(seat, before)),
    })),
  });
}

/** The layout a section was made with, read back from its rows (for the edit form). */
export function blockOptionsOf(section: Section): BlockOptions {
  const first = section.rows[0];
  const second = section.rows[1];
  let rowSpacing = 35;
  if (first && second && first.seats[0] && second.seats[0]) {
    rowSpacing = round(
      Math.hypot(second.seats[0].x - first.seats[0].x, second.seats[0].y - first.seats[0].y),
    );
  }
  return {
    label_en: section.label_en,
    label_ar: section.label_ar,
    rows: section.rows.length,
    seatsPerRow: first?.seats.length ?? 0,
    seatSpacing: first?.seat_spacing ?? 30,
    rowSpacing,
    curve: first?.curve ?? 0,
    rotation: first?.rotation ?? 0,
    rowLabels: section.row_labels,
    seatLabels: first?.seat_labels,
  };
}

/**
 * Lays a section out again with new rows, seats, spacing, curve or rotation, keeping its middle
 * where it was. Seats keep their ids (`<section>.r<row>.s<seat>`), and with them their category
 * and flags; labels follow the section's rules again.
 */
export function relayoutSection(
  chart: SeatChart,
  sectionId: string,
  options: BlockOptions,
): SeatChart {
  const section = chart.sections.find((candidate) => candidate.id === sectionId);
  if (!section) return chart;
  const seats = section.rows.flatMap((row) => row.seats);
  const { x, y } = middleOf(chart, seats);
  const laid = placeBlock(sectionId, options, x, y);
  const before = new Map(seats.map((seat) => [seat.id, seat]));
  const next: Section = {
    ...laid,
    tables: section.tables,
    rows: laid.rows.map((row) => ({
      ...row,
      seats: row.seats.map((seat) => keepSeatDetails(seat, before)),
    })),
  };
  return replaceSection(chart, next);
}

function replaceSection(chart: SeatChart, next: Section): SeatChart {
  return {
    ...chart,
    sections: chart.sections.map((section) => (section.id === next.id ? next : section)),
  };
}

export function renameSection(
  chart: SeatChart,
  sectionId: string,
  names: { label_en: string; label_ar: string },
): SeatChart {
  const section = chart.sections.find((candidate) => candidate.id === sectionId);
  return section ? replaceSection(chart, { ...section, ...names }) : chart;
}

export function removeSection(chart: SeatChart, sectionId: string): SeatChart {
  return { ...chart, sections: chart.sections.filter((section) => section.id !== sectionId) };
}

const hasAny = (group: Row | Table, ids: ReadonlySet<string>) =>
  group.seats.some((seat) => ids.has(seat.id));

/**
 * Applies `change` to the seats named in `ids`, and `changeTable` to each table whose seats are
 * all named (it moves or turns with them); rows, tables and sections without one stay as they
 * were.
 */
function mapSeats(
  chart: SeatChart,
  ids: ReadonlySet<string>,
  change: (seat: Seat) => Seat,
  changeTable: (table: Table) => Table = (table) => table,
): SeatChart {
  if (ids.size === 0) return chart;
  const mapGroup = <G extends Row | Table>(group: G): G =>
    hasAny(group, ids)
      ? { ...group, seats: group.seats.map((seat) => (ids.has(seat.id) ? change(seat) : seat)) }
      : group;
  return {
    ...chart,
    sections: chart.sections.map((section) => {
      if (!groupsOf(section).some((group) => hasAny(group, ids))) return section;
      return {
        ...section,
        rows: section.rows.map(mapGroup),
        tables: section.tables.map((table) => {
          const isWhole = table.seats.length > 0 && table.seats.every((seat) => ids.has(seat.id));
          return mapGroup(isWhole ? changeTable(table) : table);
        }),
      };
    }),
  };
}

/** Moves seats by (dx, dy), kept inside the venue; a table moves with all of its seats. */
export function moveSeats(
  chart: SeatChart,
  ids: ReadonlySet<string>,
  dx: number,
  dy: number,
): SeatChart {
  const { width, height } = chart.venue;
  const within = (value: number, extent: number) => round(Math.min(extent, Math.max(0, value)));
  return mapSeats(
    chart,
    ids,
    (seat) => ({ ...seat, x: within(seat.x + dx, width), y: within(seat.y + dy, height) }),
    (table) => ({ ...table, x: within(table.x + dx, width), y: within(table.y + dy, height) }),
  );
}

/** Turns seats by `degrees` (clockwise) about the middle of their bounding box. */
export function rotateSeats(
  chart: SeatChart,
  ids: ReadonlySet<string>,
  degrees: number,
): SeatChart {
  const chosen = listSeats(chart)
    .map((ref) => ref.seat)
    .filter((seat) => ids.has(seat.id));
  if (chosen.length === 0) return chart;
  const box = boundsOf(chosen);
  const cx = (box.minX + box.maxX) / 2;
  const cy = (box.minY + box.maxY) / 2;
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const turn = <P extends { x: number; y: number }>(point: P): P => {
    const dx = point.x - cx;
    const dy = point.y - cy;
    return { ...point, x: round(cx + dx * cos - dy * sin), y: round(cy + dx * sin + dy * cos) };
  };
  return mapSeats(chart, ids, turn, (table) => ({
    ...turn(table),
    rotation: ((((table.rotation + degrees) % 360) + 540) % 360) - 180,
  }));
}

/**
 * Removes seats; the seats beside a removed one lose that neighbour (an aisle, or a ring
 * opened at a table), and rows and tables left empty go. Neighbours stay mutual and adjacent,
 * as publishing requires.
 */
export function deleteSeats(chart: SeatChart, ids: ReadonlySet<string>): SeatChart {
  if (ids.size === 0) return chart;
  const thin = <G extends Row | Table>(group: G): G => {
    if (!hasAny(group, ids)) return group;
    const kept = group.seats.filter((seat) => !ids.has(seat.id));
    return {
      ...group,
      seats: kept.map((seat) => ({
        ...seat,
        left: seat.left !== null && ids.has(seat.left) ? null : seat.left,
        right: seat.right !== null && ids.has(seat.right) ? null : seat.right,
      })),
    };
  };
  return {
    ...chart,
    sections: chart.sections.map((section) => ({
      ...section,
      rows: section.rows.map(thin).filter((row) => row.seats.length > 0),
      tables: section.tables.map(thin).filter((table) => table.seats.length > 0),
    })),
  };
}

export function setVenue(chart: SeatChart, venue: Partial<Venue>): SeatChart {
  return { ...chart, venue: { ...chart.venue, ...venue } };
}

export function setStage(chart: SeatChart, stage: Stage | null): SeatChart {
  return { ...chart, stage };
}

export function setFocalPoint(chart: SeatChart, point: { x: number; y: number }): SeatChart {
  return { ...chart, focal_point: { x: round(point.x), y: round(point.y) } };
}

/** Letters or numbers for a section's rows front to back, then its tables in order. */
export function relabelRows(chart: SeatChart, sectionId: string, rule: LabelRule): SeatChart {
  const section = chart.sections.find((candidate) => candidate.id === sectionId);
  if (!section) return chart;
  const labels = labelsFor(rule, section.rows.length + section.tables.length);
  const offset = section.rows.length;
  return replaceSection(chart, {
    ...section,
    row_labels: rule,
    rows: section.rows.map((row, index) => ({ ...row, label: labels[index]! })),
    tables: section.tables.map((table, index) => ({ ...table, label: labels[offset + index]! })),
  });
}

/**
 * Letters or numbers for the seats of every row of a section, left to right as drawn, and
 * round every table from its first seat.
 */
export function relabelSeats(chart: SeatChart, sectionId: string, rule: LabelRule): SeatChart {
  const section = chart.sections.find((candidate) => candidate.id === sectionId);
  if (!section) return chart;
  const relabel = <G extends Row | Table>(group: G): G => {
    const labels = labelsFor(rule, group.seats.length);
    return {
      ...group,
      seats: group.seats.map((seat, index) => ({ ...seat, label: labels[index]! })),
    };
  };
  return replaceSection(chart, {
    ...section,
    rows: section.rows.map((row) => ({ ...relabel(row), seat_labels: rule })),
    tables: section.tables.map(relabel),
  });
}

/** One seat's own label (a per-seat edit; the row's rule stays as a record of how it began). */
export function setSeatLabel(chart: SeatChart, seatId: string, label: string): SeatChart {
  const trimmed = label.trim();
  if (!trimmed) return chart;
  return mapSeats(chart, new Set([seatId]), (seat) => ({ ...seat, label: trimmed }));
}

/** A category key nobody uses yet, from its English name: "Front row" → `front-row`. */
export function categoryKeyFor(chart: SeatChart, name: string): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 30) || 'category';
  const taken = new Set(chart.categories.map((category) => category.key));
  if (!taken.has(base)) return base;
  let number = 2;
  while (taken.has(`${base}-${number}`)) number += 1;
  return `${base}-${number}`;
}

export function addCategory(chart: SeatChart, category: ChartCategory): SeatChart {
  return { ...chart, categories: [...chart.categories, category] };
}

/** Changes a category's names or colour; its key (what seats and attachments name) stays. */
export function updateCategory(
  chart: SeatChart,
  key: string,
  change: Partial<Omit<ChartCategory, 'key'>>,
): SeatChart {
  return {
    ...chart,
    categories: chart.categories.map((category) =>
      category.key === key ? { ...category, ...change } : category,
    ),
  };
}

/** Removes a category; its seats and areas have none until they are given another. */
export function removeCategory(chart: SeatChart, key: string): SeatChart {
  const seats = new Set(
    listSeats(chart)
      .filter((ref) => ref.seat.category === key)
      .map((ref) => ref.seat.id),
  );
  const cleared = mapSeats(chart, seats, (seat) => ({ ...seat, category: null }));
  return {
    ...cleared,
    categories: cleared.categories.filter((category) => category.key !== key),
    areas: cleared.areas.map((area) =>
      area.category === key ? { ...area, category: null } : area,
    ),
  };
}

/** What the "add a standing area" form asks. */
export interface AreaOptions {
  label_en: string;
  label_ar: string;
  capacity: number;
  width: number;
  height: number;
}

/** An area id nobody uses yet: `a1`, `a2`, … */
function nextAreaId(chart: SeatChart): string {
  const taken = new Set(chart.areas.map((area) => area.id));
  let number = chart.areas.length + 1;
  while (taken.has(`a${number}`)) number += 1;
  return `a${number}`;
}

/**
 * Adds a general-admission area (a capacity, no seats) below what is drawn, kept inside the
 * venue; it sells by count once it has a category.
 */
export function addArea(chart: SeatChart, options: AreaOptions): SeatChart {
  const width = Math.min(options.width, chart.venue.width);
  const height = Math.min(options.height, chart.venue.height);
  const bottoms = [
    ...listSeats(chart).map((ref) => ref.seat.y + chart.venue.seat_size),
    ...chart.areas.map((area) => area.y + area.height),
    chart.stage ? chart.stage.y + chart.stage.height : 0,
  ];
  const top = Math.min(chart.venue.height - height, Math.max(...bottoms) + chart.venue.seat_size);
  const area: Area = {
    id: nextAreaId(chart),
    label_en: options.label_en,
    label_ar: options.label_ar,
    category: null,
    capacity: options.capacity,
    x: round((chart.venue.width - width) / 2),
    y: round(Math.max(0, top)),
    width,
    height,
    rotation: 0,
  };
  return { ...chart, areas: [...chart.areas, area] };
}

export function removeArea(chart: SeatChart, areaId: string): SeatChart {
  return { ...chart, areas: chart.areas.filter((area) => area.id !== areaId) };
}

export function setAreaCategory(chart: SeatChart, areaId: string, key: string | null): SeatChart {
  return {
    ...chart,
    areas: chart.areas.map((area) => (area.id === areaId ? { ...area, category: key } : area)),
  };
}

/** Standing places per category key (null: areas without one yet). */
export function capacityByCategory(chart: SeatChart): Map<string | null, number> {
  const totals = new Map<string | null, number>();
  for (const area of chart.areas) {
    totals.set(area.category, (totals.get(area.category) ?? 0) + area.capacity);
  }
  return totals;
}

export function assignCategory(
  chart: SeatChart,
  ids: ReadonlySet<string>,
  key: string | null,
): SeatChart {
  return mapSeats(chart, ids, (seat) => ({ ...seat, category: key }));
}

export function setSeatFlags(
  chart: SeatChart,
  ids: ReadonlySet<string>,
  flags: { accessible?: boolean; companion?: boolean },
): SeatChart {
  return mapSeats(chart, ids, (seat) => ({ ...seat, ...flags }));
}

/** The ids of every seat of the given sections. */
export function seatIdsOfSections(chart: SeatChart, sectionIds: ReadonlySet<string>): Set<string> {
  return new Set(
    listSeats(chart)
      .filter((ref) => sectionIds.has(ref.section.id))
      .map((ref) => ref.seat.id),
  );
}

/** The sections that hold any of the seats. */
export function sectionsOfSeats(chart: SeatChart, ids: ReadonlySet<string>): string[] {
  return chart.sections
    .filter((section) => groupsOf(section).some((group) => hasAny(group, ids)))
    .map((section) => section.id);
}
