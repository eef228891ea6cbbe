// The API's mail worker as a process of its own (`npm run worker -w @hafla/api`, with the API
// started with MAIL_WORKER=external), for a benchmark that meters delivery apart from checkout.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './start-app.mjs';

/** Whether the API has a `worker` script (and so a MAIL_WORKER=external mode). */
export function hasWorkerScript() {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'apps', 'api', 'package.json'), 'utf8'));
  return typeof manifest.scripts?.worker === 'string';
}

/**
 * Starts `npm run worker -w @hafla/api` with `env` in a process group of its own. Answers
 * `{ pid, stop }`; `pid` is npm's, whose process tree (see processTreeCpuMs) is the worker.
 */
export function startMailWorkerProcess(env) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hafla-bench-worker-'));
  const child = spawn('npm', ['run', 'worker', '-w', '@hafla/api'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
      MAIL_WORKER: 'external',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // The group: npm, its shell and the worker (by the group's id, which is npm's pid).
  const killGroup = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.once('exit', killGroup);
  let stopped = false;
  return {
    pid: child.pid,
    exited,
    async stop() {
      if (stopped) return;
      stopped = true;
      process.off('exit', killGroup);
      killGroup();
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
