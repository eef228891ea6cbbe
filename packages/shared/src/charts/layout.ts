import type { LabelRule, Row, Seat, Section } from './chart-format';
import { labelsFor } from './labels';

/**
 * Geometry the designer uses to lay out a block of rows in one go, and tests to build charts.
 * A row is laid out around its centre, left to right, then rotated; a curved row follows an
 * arc whose ends bend towards the stage (up, −y) when `curve` is positive (±1 is a half circle).
 */
export interface SectionLayout {
  id: string;
  label_en: string;
  label_ar: string;
  /** The centre of the first (front) row. */
  x: number;
  y: number;
  rows: number;
  seatsPerRow: number;
  /** Centre to centre, along a row and between rows. */
  seatSpacing: number;
  rowSpacing: number;
  curve?: number;
  /** Degrees, clockwise, about (x, y). */
  rotation?: number;
  rowLabels?: LabelRule;
  seatLabels?: LabelRule;
  category?: string | null;
}

const NUMBERS: LabelRule = { scheme: 'numbers', start: 1, direction: 'forward' };
const LETTERS: LabelRule = { scheme: 'latin', start: 1, direction: 'forward' };

/** Offsets of `count` seats along a row centred on the origin, before rotation. */
export function rowOffsets(
  count: number,
  spacing: number,
  curve = 0,
): Array<{ dx: number; dy: number }> {
  const length = (count - 1) * spacing;
  const angle = curve * Math.PI;
  if (count < 2 || Math.abs(angle) < 1e-9) {
    return Array.from({ length: count }, (_, index) => ({
      dx: index * spacing - length / 2,
      dy: 0,
    }));
  }
  const radius = length / angle;
  return Array.from({ length: count }, (_, index) => {
    const phi = -angle / 2 + (index * angle) / (count - 1);
    // The middle seat stays on the row's line; the ends rise towards the stage.
    return {
      dx: radius * Math.sin(phi),
      dy: -radius * (1 - Math.cos(phi)),
    };
  });
}

function rotate(dx: number, dy: number, degrees: number): { dx: number; dy: number } {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  return { dx: dx * cos - dy * sin, dy: dx * sin + dy * cos };
}

/** Rounded to a hundredth of a unit, so stored charts stay short and compare equal. */
const round = (value: number) => Math.round(value * 100) / 100;

/** A block of rows × seats, labelled and linked as neighbours, in one section. */
export function layoutSection(layout: SectionLayout): Section {
  const curve = layout.curve ?? 0;
  const rotation = layout.rotation ?? 0;
  const rowLabels = labelsFor(layout.rowLabels ?? LETTERS, layout.rows);
  const seatLabelRule = layout.seatLabels ?? NUMBERS;
  const seatLabels = labelsFor(seatLabelRule, layout.seatsPerRow);
  const offsets = rowOffsets(layout.seatsPerRow, layout.seatSpacing, curve);
  const rows: Row[] = rowLabels.map((label, rowIndex) => {
    const rowId = `${layout.id}.r${rowIndex + 1}`;
    const ids = offsets.map((_, index) => `${rowId}.s${index + 1}`);
    const seats: Seat[] = offsets.map((offset, index) => {
      const turned = rotate(offset.dx, offset.dy + rowIndex * layout.rowSpacing, rotation);
      return {
        id: ids[index]!,
        label: seatLabels[index]!,
        x: round(layout.x + turned.dx),
        y: round(layout.y + turned.dy),
        category: layout.category ?? null,
        accessible: false,
        companion: false,
        left: ids[index - 1] ?? null,
        right: ids[index + 1] ?? null,
      };
    });
    return {
      id: rowId,
      label,
      curve,
      rotation,
      seat_spacing: layout.seatSpacing,
      seat_labels: seatLabelRule,
      seats,
    };
  });
  return {
    id: layout.id,
    label_en: layout.label_en,
    label_ar: layout.label_ar,
    row_labels: layout.rowLabels ?? LETTERS,
    rows,
    tables: [],
  };
}

/** A block of tables laid out in one go: `tables` tables of `seatsPerTable`, in a grid. */
export interface TableBlockLayout {
  id: string;
  label_en: string;
  label_ar: string;
  /** The centre of the first (front, first-listed) table. */
  x: number;
  y: number;
  tables: number;
  seatsPerTable: number;
  shape: 'round' | 'rectangle';
  /** Tables per line of the grid, front to back. */
  columns: number;
  /** Centre to centre between neighbouring seats at a table. */
  seatSpacing: number;
  /** The seats' diameter (the venue's seat size): seats sit just outside the table's edge. */
  seatSize: number;
  tableLabels?: LabelRule;
  seatLabels?: LabelRule;
  category?: string | null;
}

/**
 * Where a table's seats go, around its centre, in ring order (each seat's right-hand
 * neighbour next), and how big the table itself is. A round table's seats sit on a circle
 * whose circumference gives each seat `spacing`; a rectangle's along its two long sides, the
 * near side left to right and the far side back, so the ring goes round the table.
 */
export function tableSeatOffsets(
  shape: 'round' | 'rectangle',
  count: number,
  spacing: number,
  seatSize: number,
): { offsets: Array<{ dx: number; dy: number }>; width: number; height: number } {
  const gap = seatSize * 0.75;
  if (shape === 'round') {
    const ring = Math.max(seatSize * 1.5, (count * spacing) / (2 * Math.PI));
    const diameter = Math.max(seatSize, 2 * (ring - gap));
    const offsets = Array.from({ length: count }, (_, index) => {
      // The first seat faces the stage (up), the ring goes clockwise.
      const angle = -Math.PI / 2 + (index * 2 * Math.PI) / count;
      return { dx: ring * Math.cos(angle), dy: ring * Math.sin(angle) };
    });
    return { offsets, width: diameter, height: diameter };
  }
  const near = Math.ceil(count / 2);
  const far = count - near;
  const width = Math.max(seatSize, near * spacing);
  const height = seatSize * 1.5;
  const along = (index: number, of: number) => (index - (of - 1) / 2) * spacing;
  const offsets = [
    ...Array.from({ length: near }, (_, index) => ({
      dx: along(index, near),
      dy: -(height / 2 + gap),
    })),
    ...Array.from({ length: far }, (_, index) => ({
      dx: along(far - 1 - index, far),
      dy: height / 2 + gap,
    })),
  ];
  return { offsets, width, height };
}

/**
 * A block of tables with their seats, labelled (tables by `tableLabels`, seats 1… round each
 * table) and linked as neighbours round each table (a ring from three seats), in one section.
 */
export function layoutTables(layout: TableBlockLayout): Section {
  const { offsets, width, height } = tableSeatOffsets(
    layout.shape,
    layout.seatsPerTable,
    layout.seatSpacing,
    layout.seatSize,
  );
  const tableLabelRule = layout.tableLabels ?? NUMBERS;
  const tableLabels = labelsFor(tableLabelRule, layout.tables);
  const seatLabels = labelsFor(layout.seatLabels ?? NUMBERS, layout.seatsPerTable);
  const columns = Math.max(1, Math.min(layout.columns, layout.tables));
  const pitchX = width + layout.seatSize * 3;
  const pitchY = height + layout.seatSize * 3;
  const count = layout.seatsPerTable;
  const isRing = count >= 3;
  const tables = tableLabels.map((label, tableIndex) => {
    const tableId = `${layout.id}.t${tableIndex + 1}`;
    const ids = offsets.map((_, index) => `${tableId}.s${index + 1}`);
    const x = round(layout.x + (tableIndex % columns) * pitchX);
    const y = round(layout.y + Math.floor(tableIndex / columns) * pitchY);
    const seats: Seat[] = offsets.map((offset, index) => ({
      id: ids[index]!,
      label: seatLabels[index]!,
      x: round(x + offset.dx),
      y: round(y + offset.dy),
      category: layout.category ?? null,
      accessible: false,
      companion: false,
      left: ids[index - 1] ?? (isRing ? ids[count - 1]! : null),
      right: ids[index + 1] ?? (isRing ? ids[0]! : null),
    }));
    return {
      id: tableId,
      label,
      shape: layout.shape,
      x,
      y,
      width: round(width),
      height: round(height),
      rotation: 0,
      seats,
    };
  });
  return {
    id: layout.id,
    label_en: layout.label_en,
    label_ar: layout.label_ar,
    row_labels: tableLabelRule,
    rows: [],
    tables,
  };
}
