// The API alone (apps/api/dist/server.js, rebuilt first when its sources are newer; the web app is
// not needed to book) as one process, or as several behind one port: run as a script, this file
// is a node:cluster primary that forks WORKERS copies of the server — the first alone, since it
// migrates and seeds — hands each new connection to a worker in turn, and prints the workers'
// pids as a JSON line once all listen.
import { spawn, spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ROOT } from './start-app.mjs';

const THIS_FILE = fileURLToPath(import.meta.url);
const SERVER = path.join(ROOT, 'apps', 'api', 'dist', 'server.js');

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    0,
    ...readdirSync(entry)
      .filter((child) => child !== 'node_modules')
      .map((child) => newestMtime(path.join(entry, child))),
  );
}

/** `npm run build -w @hafla/api` when dist/server.js is missing or older than its sources. */
export function buildApiIfStale() {
  const builtAt = existsSync(SERVER) ? statSync(SERVER).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'apps', 'api', 'src')),
    newestMtime(path.join(ROOT, 'packages', 'shared', 'src')),
  );
  if (builtAt > 0 && builtAt >= sources) return;
  console.log('Building the API…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@hafla/api'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`the API build failed (${result.status})`);
}

async function runPrimary() {
  const count = Number(process.env.WORKERS);
  cluster.setupPrimary({
    exec: SERVER,
    execArgv: JSON.parse(process.env.WORKER_NODE_ARGS || '[]'),
  });
  const workers = [];
  const fork = () =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      workers.push(worker);
      worker.once('listening', () => resolve(worker));
      worker.once('exit', (code) => reject(new Error(`a worker exited with ${code}`)));
    });
  const stopAll = () => {
    for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGTERM');
  };
  process.once('SIGTERM', () => {
    stopAll();
    setTimeout(() => process.exit(1), 15_000).unref();
    cluster.on('exit', () => {
      if (workers.every((worker) => worker.isDead())) process.exit(0);
    });
  });
  try {
    await fork();
    await Promise.all(Array.from({ length: count - 1 }, fork));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    stopAll();
    process.exit(1);
  }
  process.stdout.write(
    `${JSON.stringify({ pids: workers.map((worker) => worker.process.pid) })}\n`,
  );
}

/**
 * Starts the API with `env` on `port` as `processes` processes (one: the server itself; more:
 * a cluster primary and its workers), each server process started with `nodeArgs` (a CPU
 * profile, say). Answers `{ url, pids, stop }`; `pids` serve requests.
 */
export async function startApi({ processes, port, env, nodeArgs = [], readyTimeoutMs = 120_000 }) {
  buildApiIfStale();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hafla-bench-'));
  const child = spawn(process.execPath, processes === 1 ? [...nodeArgs, SERVER] : [THIS_FILE], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      ...env,
      WORKERS: String(processes),
      WORKER_NODE_ARGS: JSON.stringify(nodeArgs),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const killChild = () => child.kill('SIGTERM');
  process.once('exit', killChild);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', killChild);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  let pids = processes === 1 ? [child.pid] : null;
  const lines = readline.createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    if (pids === null && line.startsWith('{"pids"')) pids = JSON.parse(line).pids;
    else console.log(line);
  });
  const deadline = Date.now() + readyTimeoutMs;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
      const ready =
        pids !== null &&
        (await fetch(`${url}/readyz`).then(
          (response) => response.ok,
          () => false,
        ));
      if (ready) break;
      if (Date.now() > deadline)
        throw new Error(`the API was not ready in ${readyTimeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pids, stop };
}

if (process.argv[1] === THIS_FILE && cluster.isPrimary) await runPrimary();
