// What the database's client backends are doing while a rush runs, sampled from
// pg_stat_activity: running, waiting for a lock (the hot row, a user's row), waiting on the WAL
// (commits), or idle inside a transaction — that is, waiting for the application to send its
// next statement while holding whatever it has locked.

const SAMPLE_EVERY_MS = 20;

function classify({ state, wait_event_type: type, wait_event: event }) {
  if (state === 'idle in transaction') return 'idleInTransaction';
  if (state !== 'active') return 'idle';
  if (type === 'Lock') return 'lock';
  if (type === 'IO' || (type === 'LWLock' && /^WAL/.test(event ?? ''))) return 'wal';
  if (type === 'Client') return 'client';
  if (type === 'LWLock') return 'lwlock';
  return 'running';
}

/** Starts sampling; the returned function stops and answers averages per sample. */
export function sampleBackends(client, database) {
  const states = new Map();
  const lockedStatements = new Map();
  const activeStatements = new Map();
  let samples = 0;
  let stopped = false;
  const sampling = (async () => {
    while (!stopped) {
      const { rows } = await client.query(
        `SELECT state, wait_event_type, wait_event, query FROM pg_stat_activity
          WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
        [database],
      );
      samples += 1;
      for (const row of rows) {
        const kind = classify(row);
        states.set(kind, (states.get(kind) ?? 0) + 1);
        const statement = row.query.replace(/\s+/g, ' ').trim();
        if (kind === 'lock') {
          const waiting = `${row.wait_event}: ${statement}`;
          lockedStatements.set(waiting, (lockedStatements.get(waiting) ?? 0) + 1);
        } else if (kind === 'running' || kind === 'wal' || kind === 'lwlock') {
          activeStatements.set(statement, (activeStatements.get(statement) ?? 0) + 1);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
  })();
  return async function stop(top = 3) {
    stopped = true;
    await sampling;
    const average = (count) => (samples ? count / samples : 0);
    return {
      samples,
      backends: Object.fromEntries(
        ['running', 'lock', 'wal', 'lwlock', 'client', 'idleInTransaction', 'idle'].map((kind) => [
          kind,
          average(states.get(kind) ?? 0),
        ]),
      ),
      lockWaits: [...lockedStatements]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([statement, count]) => ({ statement, backends: average(count) })),
      // Statements running (or waiting on the WAL or a light-weight lock), busiest first.
      busiest: [...activeStatements]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([statement, count]) => ({ statement, backends: average(count) })),
    };
  };
}
