/**
 * The designer's undo stack (decision 0022): whole chart snapshots, cheap because the editing
 * operations share every untouched section, row and seat with the previous chart.
 */
export interface History<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
  /** The last change's kind: a run of changes of one kind (nudges, typing) undoes as one. */
  lastKey: string | null;
}

/** How many steps back the designer keeps. */
export const HISTORY_LIMIT = 100;

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], lastKey: null };
}

/**
 * Records `next` as the present. With `key` equal to the previous change's key the two merge
 * into one step (holding an arrow key moves a selection once in the history, not 50 times).
 */
export function commit<T>(history: History<T>, next: T, key: string | null = null): History<T> {
  if (Object.is(next, history.present)) return history;
  if (key !== null && key === history.lastKey) {
    return { ...history, present: next, future: [] };
  }
  const past = [...history.past, history.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], lastKey: key };
}

export function canUndo<T>(history: History<T>): boolean {
  return history.past.length > 0;
}

export function canRedo<T>(history: History<T>): boolean {
  return history.future.length > 0;
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    lastKey: null,
  };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return {
    past: [...history.past, history.present],
    present: next,
    future: rest,
    lastKey: null,
  };
}
