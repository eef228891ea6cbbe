// Starts Hafla the way a user does (`node scripts/start.mjs`, which rebuilds whatever is stale)
// on a temporary DATA_DIR and port.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A port nothing listens on right now (the OS picks it). */
export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port from the OS');
  return address.port;
}

// A fresh clone builds the web app and the API before listening, which takes minutes on 2 cores.
export async function startApp({ port = 3210, env = {}, readyTimeoutMs = 600_000 } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hafla-bench-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // However this process ends, the server must not outlive it.
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
  const deadline = Date.now() + readyTimeoutMs;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${url}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline)
        throw new Error(`the app did not become ready in ${readyTimeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid, stop };
}
