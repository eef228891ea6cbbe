import { describe, expect, it, vi } from 'vitest';
import { createAutosaver } from './autosave';
import type { SaveStatus } from './autosave';

function setup(save: (value: number) => Promise<void>) {
  vi.useFakeTimers();
  const statuses: SaveStatus[] = [];
  const saver = createAutosaver({ delay: 800, save, onStatus: (status) => statuses.push(status) });
  return { saver, statuses };
}

describe('autosave', () => {
  it('sends only the newest value once changes pause', async () => {
    const save = vi.fn(() => Promise.resolve());
    const { saver, statuses } = setup(save);
    saver.schedule(1);
    saver.schedule(2);
    await vi.advanceTimersByTimeAsync(500);
    saver.schedule(3);
    await vi.advanceTimersByTimeAsync(799);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(3);
    expect(statuses.at(-1)).toBe('saved');
    vi.useRealTimers();
  });

  it('sends a change made during a save after it, never two at once', async () => {
    let finish: () => void = () => {};
    const save = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const { saver, statuses } = setup(save);
    saver.schedule(1);
    await vi.advanceTimersByTimeAsync(800);
    saver.schedule(2);
    await vi.advanceTimersByTimeAsync(800);
    expect(save).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenLastCalledWith(2);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toBe('saved');
    vi.useRealTimers();
  });

  it('says when a save failed and sends the value again on retry; flush rejects meanwhile', async () => {
    const save = vi
      .fn<(value: number) => Promise<void>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(undefined);
    const { saver, statuses } = setup(save);
    saver.schedule(7);
    await expect(saver.flush()).rejects.toThrow();
    expect(statuses.at(-1)).toBe('failed');
    await saver.retry();
    expect(save).toHaveBeenLastCalledWith(7);
    expect(statuses.at(-1)).toBe('saved');
    vi.useRealTimers();
  });
});
