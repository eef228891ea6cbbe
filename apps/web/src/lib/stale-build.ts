/** When the page last reloaded for a missing chunk (session storage), so that it does so once. */
const RELOADED_AT_KEY = 'hafla:reloaded-for-new-build';
/** A second missing chunk within this long after such a reload is an error, not a new build. */
const RELOAD_GUARD_MS = 30_000;

/**
 * A page opened before a deploy asks for chunks of the build it was made with, which the new
 * build no longer has (their names carry their contents' hash): Vite's loader then fires
 * `vite:preloadError`. The page reloads once, which gets the new build's page and chunks,
 * rather than showing an error for every screen not visited yet. If a chunk is still missing
 * right after such a reload, the error is shown like every other one (the route's error screen).
 */
export function reloadWhenBuildIsReplaced(
  target: Pick<Window, 'addEventListener' | 'sessionStorage'> & {
    location: Pick<Location, 'reload'>;
  } = window,
  now: () => number = Date.now,
): void {
  target.addEventListener('vite:preloadError', () => {
    const storage = target.sessionStorage;
    const last = Number(storage.getItem(RELOADED_AT_KEY) ?? 0);
    if (now() - last < RELOAD_GUARD_MS) return;
    storage.setItem(RELOADED_AT_KEY, String(now()));
    target.location.reload();
  });
}
