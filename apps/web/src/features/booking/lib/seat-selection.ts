import { checkSelection, ruleRowsOfChart } from '@hafla/shared/charts/seat-rules';
import type { SeatChart } from '@hafla/shared/charts/chart-format';
import type { SeatIndex, SeatStatuses } from './seat-index';

/** Why a tap did not pick a seat. */
export type PickRefusal = 'taken' | 'limit' | 'not_for_sale';

export type PickResult = { selected: string[]; refusal: PickRefusal | null };

/**
 * Tap to pick, tap again to drop. A seat that is not available is refused, and so is one more
 * seat than `max` (the reader's allowance) or one `refusalOf` turns down (its category is not on
 * sale now, or has reached its most per order).
 */
export function toggleSeat(
  selected: readonly string[],
  seatId: string,
  statuses: SeatStatuses,
  options: { max: number; refusalOf?: (seatId: string) => PickRefusal | null },
): PickResult {
  if (selected.includes(seatId)) {
    return { selected: selected.filter((id) => id !== seatId), refusal: null };
  }
  if ((statuses.get(seatId) ?? 'available') !== 'available') {
    return { selected: [...selected], refusal: 'taken' };
  }
  if (selected.length >= options.max) return { selected: [...selected], refusal: 'limit' };
  const refusal = options.refusalOf?.(seatId) ?? null;
  if (refusal) return { selected: [...selected], refusal };
  return { selected: [...selected, seatId], refusal: null };
}

/** The picked seats someone else took meanwhile (a live change): they leave the selection. */
export function takenFromSelection(selected: readonly string[], statuses: SeatStatuses): string[] {
  return selected.filter((id) => (statuses.get(id) ?? 'available') !== 'available');
}

/**
 * The orphan rule as the server judges it (the shared `checkSelection`), on the map's current
 * statuses: the seat a selection would strand, or null. The map warns before sending.
 */
export function strandedSeat(
  chart: SeatChart,
  statuses: SeatStatuses,
  selected: readonly string[],
): string | null {
  if (selected.length === 0) return null;
  const picked = new Set(selected);
  const rows = ruleRowsOfChart(
    chart,
    (seat) => picked.has(seat.id) || (statuses.get(seat.id) ?? 'available') === 'available',
  );
  const verdict = checkSelection(rows, selected);
  return verdict.ok ? null : verdict.seat;
}

/** The selected seats counted per chart category (a category's tickets in the order). */
export function selectedPerCategory(
  index: SeatIndex,
  selected: readonly string[],
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of selected) {
    const at = index.byId.get(id);
    const category = at === undefined ? null : index.seats[at]!.category;
    if (category !== null) counts.set(category, (counts.get(category) ?? 0) + 1);
  }
  return counts;
}
