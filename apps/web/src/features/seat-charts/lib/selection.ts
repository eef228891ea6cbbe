/**
 * Selection rules of the canvas: a click picks one seat, shift-click adds or removes it, a
 * marquee picks what it covers (added to the selection with shift), a click on nothing clears.
 */
export function clickSelection(
  selection: ReadonlySet<string>,
  id: string | null,
  isAdditive: boolean,
): Set<string> {
  if (id === null) return isAdditive ? new Set(selection) : new Set();
  if (!isAdditive) return new Set([id]);
  const next = new Set(selection);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

export function marqueeSelection(
  selection: ReadonlySet<string>,
  ids: readonly string[],
  isAdditive: boolean,
): Set<string> {
  return new Set(isAdditive ? [...selection, ...ids] : ids);
}

/** Snaps a coordinate to the grid (no grid: as it is). */
export function snap(value: number, grid: number | null): number {
  if (!grid) return value;
  return Math.round(value / grid) * grid;
}

/**
 * How far a drag moves the selection: with a grid, the seat that was grabbed lands on the grid
 * and every other selected seat moves by the same amount.
 */
export function dragDelta(
  grabbed: { x: number; y: number },
  dx: number,
  dy: number,
  grid: number | null,
): { dx: number; dy: number } {
  return {
    dx: snap(grabbed.x + dx, grid) - grabbed.x,
    dy: snap(grabbed.y + dy, grid) - grabbed.y,
  };
}

/** Arrow keys nudge by one unit, or a grid cell when the grid is on; shift moves ten times as far. */
export function nudgeFor(
  key: string,
  grid: number | null,
  isLarge: boolean,
): { dx: number; dy: number } | null {
  const step = (grid ?? 1) * (isLarge ? 10 : 1);
  switch (key) {
    case 'ArrowLeft':
      return { dx: -step, dy: 0 };
    case 'ArrowRight':
      return { dx: step, dy: 0 };
    case 'ArrowUp':
      return { dx: 0, dy: -step };
    case 'ArrowDown':
      return { dx: 0, dy: step };
    default:
      return null;
  }
}
