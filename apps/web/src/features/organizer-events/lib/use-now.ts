import { useState } from 'react';

/**
 * The time this component first rendered: "past" and "upcoming" labels stay stable across
 * re-renders instead of flickering as the clock moves (and rendering stays pure).
 */
export function useNow(): number {
  const [now] = useState(() => Date.now());
  return now;
}
