import { useState } from 'react';

/**
 * Items seen since the page opened, in their first order. A card un-hearted or an organizer
 * unfollowed stays where it was (its button un-pressed), so a slip of the finger is undone
 * with one more tap instead of a search. Items that appear later (saved in another tab) come
 * first, as the API lists the newest first.
 */
export function useKeptItems<T extends { id: number | string }>(
  current: readonly T[] | undefined,
): T[] {
  const [kept, setKept] = useState<T[]>(() => (current ? [...current] : []));
  const [source, setSource] = useState(current);
  if (current !== source) {
    setSource(current);
    if (current) {
      const fresh = new Map(current.map((item) => [item.id, item]));
      const known = new Set(kept.map((item) => item.id));
      const added = current.filter((item) => !known.has(item.id));
      setKept([...added, ...kept.map((item) => fresh.get(item.id) ?? item)]);
    }
  }
  return kept;
}
