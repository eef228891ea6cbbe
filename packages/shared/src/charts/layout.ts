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
