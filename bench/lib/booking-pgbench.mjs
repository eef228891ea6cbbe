// pgbench on a custom script, its figures read from its report and its per-transaction log:
// transactions per second without the time spent connecting, and latency percentiles; and, when
// given a client of the same server, the CPU its backends and pgbench itself used.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { processCpuMs } from './process-cpu.mjs';

const METER_EVERY_MS = 100;

/**
 * Polls the CPU of pgbench's backends (application_name pgbench, in `database`) and of the
 * pgbench process until stopped. Backends are read from /proc, so only a server on this machine
 * is measured. Each backend's figure is its last reading (up to METER_EVERY_MS before it ended)
 * and includes its connection's start: close to, and under, what the transactions cost.
 */
function meterPgbench(client, database, pgbenchPid) {
  const backends = new Map();
  let pgbenchMs = 0;
  let stopped = false;
  const polling = (async () => {
    while (!stopped) {
      const { rows } = await client.query(
        `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = 'pgbench'`,
        [database],
      );
      for (const { pid } of rows) {
        const ms = processCpuMs(pid);
        if (ms !== null) backends.set(pid, ms);
      }
      pgbenchMs = processCpuMs(pgbenchPid) ?? pgbenchMs;
      await new Promise((resolve) => setTimeout(resolve, METER_EVERY_MS));
    }
  })();
  return async function stop() {
    stopped = true;
    await polling;
    const databaseMs = [...backends.values()].reduce((sum, ms) => sum + ms, 0);
    return { databaseMs: backends.size > 0 ? databaseMs : null, pgbenchMs };
  };
}

/** Client connections PostgreSQL would still accept now (superuser slots and a margin left). */
export async function freeConnections(client) {
  const { rows } = await client.query(
    `SELECT current_setting('max_connections')::int AS max,
            current_setting('superuser_reserved_connections')::int AS reserved,
            (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend')::int AS used`,
  );
  const { max, reserved, used } = rows[0];
  return { max, free: max - reserved - used - 4 };
}

/** pgbench's version line, or null when it is not installed. */
export async function pgbenchVersion() {
  return new Promise((resolve) => {
    const child = spawn('pgbench', ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('error', () => resolve(null));
    child.once('exit', (code) => resolve(code === 0 ? out.trim() : null));
  });
}

/** The p-th percentile (1–100) of ascending `sorted`, or null when empty. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Runs `pgbench -n -M prepared -f script -c clients -j jobs -T duration` with `-D` defines
 * against `url`. Answers `{ tps, transactions, failed, aborted, p50, p99, output, cpu }` (latency
 * in ms; `cpu` is `{ databaseMs, pgbenchMs }` when `meter: { client, database }` is given);
 * rejects when pgbench cannot start at all.
 */
export async function runPgbench({ url, script, clients, jobs, duration, defines, meter }) {
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'hafla-pgbench-'));
  const args = [
    '-n',
    '-M',
    'prepared',
    '-f',
    script,
    '-c',
    String(clients),
    '-j',
    String(Math.min(jobs, clients)),
    '-T',
    String(duration),
    '-l',
    `--log-prefix=${path.join(logDir, 'tx')}`,
    ...Object.entries(defines).flatMap(([name, value]) => ['-D', `${name}=${value}`]),
    url,
  ];
  try {
    let stopMeter = null;
    const { code, output } = await new Promise((resolve, reject) => {
      const child = spawn('pgbench', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      if (meter) stopMeter = meterPgbench(meter.client, meter.database, child.pid);
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.stderr.on('data', (chunk) => (text += chunk));
      child.once('error', reject);
      child.once('exit', (exitCode) => resolve({ code: exitCode, output: text }));
    });
    const cpu = stopMeter ? await stopMeter() : null;
    // PostgreSQL 14+: "(without initial connection time)"; older: "(excluding connections establishing)".
    const tps = /tps = ([\d.]+) \((?:without initial connection time|excluding connections)/.exec(
      output,
    );
    const processed = /number of transactions actually processed: (\d+)/.exec(output);
    const failed = /number of failed transactions: (\d+)/.exec(output);
    const aborted = (output.match(/^client \d+ aborted/gm) ?? []).length;
    if (!tps) {
      const error = new Error(`pgbench exited with ${code} without a tps figure:\n${output}`);
      throw error;
    }
    const latencies = [];
    for (const file of readdirSync(logDir)) {
      for (const line of readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
        // client_id transaction_no time(µs) script_no time_epoch time_us …
        const fields = line.split(' ');
        // A failed transaction logs a word instead of its time.
        const micros = Number(fields[2]);
        if (fields.length >= 3 && Number.isFinite(micros)) latencies.push(micros / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    return {
      tps: Number(tps[1]),
      transactions: processed ? Number(processed[1]) : latencies.length,
      failed: failed ? Number(failed[1]) : 0,
      aborted,
      exitCode: code,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      output,
      cpu,
    };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}
