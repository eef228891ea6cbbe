import type { Bounds } from './seat-index';

/**
 * The seat map's view: a chart point (x, y) is drawn at (x · scale + offsetX, y · scale +
 * offsetY) on the canvas. Pure functions, so panning, zooming and pinching are tested without
 * a canvas. The venue is never mirrored for right-to-left readers.
 */
export interface View {
  scale: number;
  offsetX: number;
  offsetY: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface ScreenPoint {
  x: number;
  y: number;
}

/** The most a view may zoom in, as a multiple of the fitted scale's seat size on screen. */
export const MAX_SEAT_PIXELS = 64;

/**
 * The view that shows `bounds` whole, centred, with `padding` pixels around — `top` pixels above,
 * where something is drawn over the canvas's top edge (the seat map's zoom buttons).
 */
export function fitView(bounds: Bounds, size: Size, padding = 16, top = padding): View {
  const width = Math.max(1, bounds.maxX - bounds.minX);
  const height = Math.max(1, bounds.maxY - bounds.minY);
  const scale = Math.max(
    1e-4,
    Math.min((size.width - 2 * padding) / width, (size.height - padding - top) / height),
  );
  return {
    scale,
    offsetX: (size.width - width * scale) / 2 - bounds.minX * scale,
    offsetY: top + (size.height - top - padding - height * scale) / 2 - bounds.minY * scale,
  };
}

export function toChart(view: View, point: ScreenPoint): ScreenPoint {
  return { x: (point.x - view.offsetX) / view.scale, y: (point.y - view.offsetY) / view.scale };
}

export function toScreen(view: View, point: ScreenPoint): ScreenPoint {
  return { x: point.x * view.scale + view.offsetX, y: point.y * view.scale + view.offsetY };
}

export function panBy(view: View, dx: number, dy: number): View {
  return { ...view, offsetX: view.offsetX + dx, offsetY: view.offsetY + dy };
}

/** Zoom by `factor` keeping the chart point under `anchor` where it is, within [min, max]. */
export function zoomAt(
  view: View,
  factor: number,
  anchor: ScreenPoint,
  limits: { min: number; max: number },
): View {
  const scale = Math.min(limits.max, Math.max(limits.min, view.scale * factor));
  const chart = toChart(view, anchor);
  return { scale, offsetX: anchor.x - chart.x * scale, offsetY: anchor.y - chart.y * scale };
}

/**
 * Two fingers moved from `before` to `after`: the chart point under their midpoint follows it,
 * and the scale follows their distance.
 */
export function pinch(
  view: View,
  before: readonly [ScreenPoint, ScreenPoint],
  after: readonly [ScreenPoint, ScreenPoint],
  limits: { min: number; max: number },
): View {
  const mid = (pair: readonly [ScreenPoint, ScreenPoint]) => ({
    x: (pair[0].x + pair[1].x) / 2,
    y: (pair[0].y + pair[1].y) / 2,
  });
  const gap = (pair: readonly [ScreenPoint, ScreenPoint]) =>
    Math.max(1, Math.hypot(pair[0].x - pair[1].x, pair[0].y - pair[1].y));
  const from = mid(before);
  const to = mid(after);
  const zoomed = zoomAt(view, gap(after) / gap(before), from, limits);
  return panBy(zoomed, to.x - from.x, to.y - from.y);
}

/** The chart rectangle the canvas shows. */
export function visibleBounds(view: View, size: Size): Bounds {
  const topLeft = toChart(view, { x: 0, y: 0 });
  const bottomRight = toChart(view, { x: size.width, y: size.height });
  return { minX: topLeft.x, minY: topLeft.y, maxX: bottomRight.x, maxY: bottomRight.y };
}

export function intersects(a: Bounds, b: Bounds): boolean {
  return a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY;
}

/** Below this many pixels per seat, sections are drawn as blocks rather than seats. */
export const SEAT_DETAIL_PIXELS = 6;
/** From this many pixels per seat on, seats carry their labels. */
export const LABEL_PIXELS = 18;

export type Detail = 'blocks' | 'seats' | 'labels';

export function detailAt(view: View, seatSize: number): Detail {
  const pixels = seatSize * view.scale;
  if (pixels < SEAT_DETAIL_PIXELS) return 'blocks';
  return pixels < LABEL_PIXELS ? 'seats' : 'labels';
}
