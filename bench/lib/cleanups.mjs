// What a bench must release (the API, the throwaway database, clients), last first, whether it
// ends well, fails or is stopped with Ctrl-C.

/**
 * Answers `{ add, cleanUp }`: `add(fn)` registers a release; `cleanUp()` runs them all once, the
 * last added first, logging failures. SIGINT and SIGTERM clean up, say `stopping`, and exit 130.
 */
export function exitCleanups(stopping) {
  const cleanups = [];
  let cleaning;
  function cleanUp() {
    cleaning ??= (async () => {
      while (cleanups.length > 0) {
        try {
          await cleanups.pop()();
        } catch (error) {
          console.error('cleanup:', error instanceof Error ? error.message : error);
        }
      }
    })();
    return cleaning;
  }
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`\n${signal}: ${stopping}`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  return { add: (release) => cleanups.push(release), cleanUp };
}
