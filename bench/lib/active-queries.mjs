// A poor man's profiler for the database: while a scenario runs, sample pg_stat_activity and
// count which statements are executing. A statement's average number of active backends is its
// share of the database's time, and points at the query that limits a scenario.

const SAMPLE_EVERY_MS = 20;

/** Starts sampling the database's active statements; the returned function stops and summarises. */
export function sampleActiveQueries(client, database) {
  const counts = new Map();
  let samples = 0;
  let stopped = false;
  const sampling = (async () => {
    while (!stopped) {
      const { rows } = await client.query(
        `SELECT query FROM pg_stat_activity
         WHERE datname = $1 AND state = 'active' AND pid <> pg_backend_pid()`,
        [database],
      );
      samples += 1;
      for (const { query } of rows) {
        const statement = query.replace(/\s+/g, ' ').trim();
        counts.set(statement, (counts.get(statement) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
  })();
  return async function stop(top = 3) {
    stopped = true;
    await sampling;
    const active = [...counts.values()].reduce((sum, count) => sum + count, 0);
    return {
      samples,
      activeBackends: samples ? active / samples : 0,
      statements: [...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([statement, count]) => ({ statement, activeBackends: count / samples })),
    };
  };
}
