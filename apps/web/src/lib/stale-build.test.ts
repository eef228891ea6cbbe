import { describe, expect, it, vi } from 'vitest';
import { reloadWhenBuildIsReplaced } from './stale-build';

/** A window of its own: its events, its session storage and a reload that is only counted. */
function fakeWindow() {
  const events = new EventTarget();
  const values = new Map<string, string>();
  const reload = vi.fn();
  const target = {
    addEventListener: events.addEventListener.bind(events),
    sessionStorage: {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    } as Storage,
    location: { reload },
  };
  const missChunk = () =>
    events.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
  return { target, reload, missChunk };
}

describe('reloadWhenBuildIsReplaced', () => {
  it('reloads once when a chunk of the old build is missing, not again right after', () => {
    const { target, reload, missChunk } = fakeWindow();
    let clock = 1_000_000;
    reloadWhenBuildIsReplaced(target as unknown as Window, () => clock);

    missChunk();
    expect(reload).toHaveBeenCalledTimes(1);
    // Still missing a few seconds after the reload: an error, shown as such.
    clock += 5_000;
    missChunk();
    expect(reload).toHaveBeenCalledTimes(1);
    // A later deploy reloads again.
    clock += 60_000;
    missChunk();
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
