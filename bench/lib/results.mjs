import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './start-app.mjs';

/**
 * Writes a run's figures to bench/results/<name>-<instant>.json (ignored by git) and says where.
 * `at` is when the run started (now by default).
 */
export function saveResults(name, data, at = Date.now()) {
  const dir = path.join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date(at).toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`\nResults: ${path.relative(ROOT, file)}`);
  return file;
}

/** When a run started, the load average before and after it, and the machine it ran on. */
export function runOf(started, loadBefore, software) {
  return {
    date: new Date(started).toISOString(),
    loadAverage: { before: loadBefore, after: os.loadavg()[0] },
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      node: process.version,
      ...software,
    },
  };
}
