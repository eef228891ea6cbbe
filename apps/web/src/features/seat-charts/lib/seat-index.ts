import Flatbush from 'flatbush';

export interface IndexedSeat {
  id: string;
  x: number;
  y: number;
}

export interface SeatIndex {
  /** The seat under a point (the nearest whose circle holds it), or null. */
  hit(x: number, y: number): string | null;
  /** Seats whose centres lie in a rectangle (a marquee), in any corner order. */
  within(x1: number, y1: number, x2: number, y2: number): string[];
}

/**
 * A static R-tree (flatbush) over the seats' circles: a click or a marquee over 20,000 seats
 * looks at a handful instead of all of them. Rebuilt when the chart changes (about a millisecond
 * for thousands of seats).
 */
export function buildSeatIndex(seats: readonly IndexedSeat[], seatSize: number): SeatIndex {
  const radius = seatSize / 2;
  if (seats.length === 0) return { hit: () => null, within: () => [] };
  const index = new Flatbush(seats.length);
  for (const seat of seats) {
    index.add(seat.x - radius, seat.y - radius, seat.x + radius, seat.y + radius);
  }
  index.finish();
  return {
    hit(x, y) {
      let best: string | null = null;
      let bestDistance = Infinity;
      for (const found of index.search(x, y, x, y)) {
        const seat = seats[found]!;
        const distance = Math.hypot(seat.x - x, seat.y - y);
        if (distance <= radius && distance < bestDistance) {
          best = seat.id;
          bestDistance = distance;
        }
      }
      return best;
    },
    within(x1, y1, x2, y2) {
      const minX = Math.min(x1, x2);
      const maxX = Math.max(x1, x2);
      const minY = Math.min(y1, y2);
      const maxY = Math.max(y1, y2);
      return index
        .search(minX - radius, minY - radius, maxX + radius, maxY + radius)
        .map((found) => seats[found]!)
        .filter((seat) => seat.x >= minX && seat.x <= maxX && seat.y >= minY && seat.y <= maxY)
        .map((seat) => seat.id);
    },
  };
}
