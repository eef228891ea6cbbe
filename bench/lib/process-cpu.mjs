// CPU time spent by processes, from /proc (Linux). On a machine shared with other work, requests
// per second fall with whatever else runs, but the CPU each request costs the API process and
// its PostgreSQL backends barely moves: it is the figure to compare between runs.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User plus system CPU milliseconds a live process has used, or null (gone, or no /proc). */
export function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may itself hold spaces: utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
}

/** Whether a pid is a PostgreSQL process on this machine (a remote server's pids mean nothing here). */
function isPostgres(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return false;
  }
}

/**
 * CPU used between `start()` and the returned `stop()` by one process and by the database's
 * backends (except the caller's own). Backends that end in between, and parallel workers, are
 * not counted, so the database figure is a floor.
 */
export async function startCpuMeter(client, database, pid) {
  const backends = async () =>
    (
      await client.query(
        `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [database],
      )
    ).rows.map((row) => row.pid);
  const read = (pids) => new Map(pids.filter(isPostgres).map((each) => [each, processCpuMs(each)]));
  const processStart = pid ? processCpuMs(pid) : null;
  const backendsStart = read(await backends());
  return async function stop() {
    const processEnd = pid ? processCpuMs(pid) : null;
    const backendsEnd = read(await backends());
    let databaseMs = 0;
    let measured = false;
    for (const [backend, end] of backendsEnd) {
      if (end === null) continue;
      measured = true;
      databaseMs += end - (backendsStart.get(backend) ?? 0);
    }
    return {
      processMs: processStart === null || processEnd === null ? null : processEnd - processStart,
      databaseMs: measured ? databaseMs : null,
    };
  };
}

/** The pids of `pid`'s descendants (from /proc; none where there is no /proc). */
function descendants(pid) {
  const children = new Map();
  let entries = [];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/**
 * CPU milliseconds used by a live process and its live descendants (a process started through
 * npm: npm, the shell and the node process it runs), or null when the process is gone.
 */
export function processTreeCpuMs(pid) {
  const own = processCpuMs(pid);
  if (own === null) return null;
  return descendants(pid).reduce((sum, child) => sum + (processCpuMs(child) ?? 0), own);
}
