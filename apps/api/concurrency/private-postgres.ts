import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of the test's own, in a temporary folder on a free port, that the test may
 * stop and start as it likes: the shared server on 5432 is never touched. PostgreSQL refuses to
 * run as root, so as root the cluster belongs to the `postgres` system user (Debian's package
 * creates it) and its commands run through `runuser`.
 */
export interface PrivatePostgres {
  /** A URL of the `postgres` database, as superuser. */
  url: string;
  port: number;
  /** `fast` ends every backend with 57P01; `immediate` is a crash (no checkpoint). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes the folder. */
  destroy(): Promise<void>;
}

function binDir(): string {
  const roots = '/usr/lib/postgresql';
  const versions = existsSync(roots)
    ? readdirSync(roots)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const found = versions.map((version) => path.join(roots, version, 'bin')).find(existsSync);
  if (!found) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  return found;
}

export async function startPrivatePostgres(port: number): Promise<PrivatePostgres> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'hafla-pg-'));
  const dataDir = path.join(folder, 'data');
  if (asRoot) chownSync(folder, ...postgresIds());
  const pgCommand = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);

  await pgCommand('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${folder}'`,
    '-c max_connections=100',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const start = async () => {
    await pgCommand('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(folder, 'log'),
      '-o',
      options,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await pgCommand('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async destroy() {
      await stop('immediate').catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The uid and gid of the `postgres` system user. */
function postgresIds(): [number, number] {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) {
    throw new Error('running as root needs a postgres system user to own the private cluster');
  }
  return [Number(uid), Number(gid)];
}
