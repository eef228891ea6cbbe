import { useCallback, useEffect, useState } from 'react';
import type { SeatChart } from '@hafla/shared/charts/chart-format';
import { createAutosaver } from './autosave';
import type { Autosaver, SaveStatus } from './autosave';
import { canRedo, canUndo, commit, redo, startHistory, undo } from './history';
import type { History } from './history';

/** Quiet time before the draft is sent: long enough to merge a burst of edits into one PATCH. */
export const AUTOSAVE_DELAY = 800;

export interface ChartEditor {
  chart: SeatChart;
  /** Applies a pure editing operation; `key` merges a run of one kind into one undo step. */
  apply: (change: (chart: SeatChart) => SeatChart, key?: string | null) => void;
  undo: () => void;
  redo: () => void;
  canUndo: boolean;
  canRedo: boolean;
  status: SaveStatus;
  saveError: unknown;
  /** Sends what waits now; rejects when it could not be saved. */
  flush: () => Promise<void>;
  retry: () => void;
}

/**
 * The designer's state: the undo stack over pure chart operations, and the debounced autosave
 * of the present draft (decision 0022). React only holds the history; every rule is in lib/.
 */
export function useChartEditor(
  initial: SeatChart,
  save: (draft: SeatChart) => Promise<void>,
): ChartEditor {
  const [history, setHistory] = useState<History<SeatChart>>(() => startHistory(initial));
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [saveError, setSaveError] = useState<unknown>(null);
  // One saver for the designer's life; `save` is the chart's own (the page is keyed by chart).
  const [saver] = useState<Autosaver<SeatChart>>(() =>
    createAutosaver<SeatChart>({
      delay: AUTOSAVE_DELAY,
      save: async (draft) => {
        try {
          await save(draft);
          setSaveError(null);
        } catch (error) {
          setSaveError(error);
          throw error;
        }
      },
      onStatus: setStatus,
    }),
  );

  useEffect(
    () => () => {
      // Leaving the designer sends what is waiting (the request outlives the page's component).
      saver.flush().catch(() => {});
      saver.dispose();
    },
    [saver],
  );

  useEffect(() => {
    if (status === 'saved') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [status]);

  const change = useCallback(
    (next: (h: History<SeatChart>) => History<SeatChart>) => {
      setHistory((before) => {
        const after = next(before);
        if (after.present !== before.present) saver.schedule(after.present);
        return after;
      });
    },
    [saver],
  );

  return {
    chart: history.present,
    apply: useCallback(
      (operation, key = null) => change((before) => commit(before, operation(before.present), key)),
      [change],
    ),
    undo: useCallback(() => change(undo), [change]),
    redo: useCallback(() => change(redo), [change]),
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    status,
    saveError,
    flush: useCallback(() => saver.flush(), [saver]),
    retry: useCallback(() => void saver.retry(), [saver]),
  };
}
