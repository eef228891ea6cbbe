import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, commit, HISTORY_LIMIT, redo, startHistory, undo } from './history';

describe('the undo stack', () => {
  it('undoes and redoes changes in order, and a new change drops the redo steps', () => {
    let history = startHistory(1);
    history = commit(history, 2);
    history = commit(history, 3);
    history = undo(history);
    expect(history.present).toBe(2);
    expect(canRedo(history)).toBe(true);
    history = redo(history);
    expect(history.present).toBe(3);
    history = undo(undo(history));
    expect(history.present).toBe(1);
    expect(canUndo(history)).toBe(false);
    history = commit(redo(history), 5);
    expect(history.present).toBe(5);
    expect(canRedo(history)).toBe(false);
    expect(undo(history).present).toBe(2);
  });

  it('merges a run of changes of one kind into one step', () => {
    let history = startHistory(0);
    history = commit(history, 1, 'nudge');
    history = commit(history, 2, 'nudge');
    history = commit(history, 3, 'nudge');
    expect(undo(history).present).toBe(0);
    history = commit(history, 4, 'label');
    expect(undo(history).present).toBe(3);
  });

  it('ignores a change that changed nothing, and keeps at most the limit', () => {
    let history = startHistory(0);
    expect(commit(history, 0)).toBe(history);
    for (let value = 1; value <= HISTORY_LIMIT + 20; value++) history = commit(history, value);
    expect(history.past).toHaveLength(HISTORY_LIMIT);
  });
});
