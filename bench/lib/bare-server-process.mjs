// The bare node:http server (bare-server.mjs) as a child process: the ceiling a bench prints
// its API figures beside, measured in the same run on the same machine.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { ROOT } from './start-app.mjs';

/** Starts it; answers `{ url, pid, stop }`. */
export async function startBareServer() {
  const child = spawn(process.execPath, [path.join(ROOT, 'bench', 'lib', 'bare-server.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const killChild = () => child.kill('SIGTERM');
  process.once('exit', killChild);
  const port = await new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      lines.close();
      resolve(Number(line));
    });
    void exited.then((code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      process.off('exit', killChild);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
