// pgbench on a custom script, its figures read from its report and its per-transaction log:
// transactions per second without the time spent connecting, and latency percentiles.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Runs `pgbench -n -M prepared -f script -c clients -j jobs -T duration` with `-D` defines
 * against `url`. Answers `{ tps, transactions, failed, aborted, p50, p99, output }` (latency in
 * ms); rejects when pgbench cannot start at all.
 */
export async function runPgbench({ url, script, clients, jobs, duration, defines }) {
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
    const { code, output } = await new Promise((resolve, reject) => {
      const child = spawn('pgbench', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.stderr.on('data', (chunk) => (text += chunk));
      child.once('error', reject);
      child.once('exit', (exitCode) => resolve({ code: exitCode, output: text }));
    });
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
    };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}
