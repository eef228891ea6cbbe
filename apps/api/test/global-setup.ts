import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../src/db/client';
import { seedDatabase } from '../src/db/seed/seed';
import { provideScratchDatabases } from './scratch-database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrates and seeds one PGlite database per run; every test file loads a copy of it. On
 * PostgreSQL the run's scratch databases share a prefix, and the teardown drops any left behind.
 */
export default async function setup(project: TestProject) {
  const teardown = provideScratchDatabases(project);
  const database = await openDatabase({ dataDir: os.tmpdir(), inMemory: true });
  await database.migrate();
  await seedDatabase(database.db, { demo: true });
  const dump = await dumpPglite(database);
  await database.close();
  const file = path.join(os.tmpdir(), `hafla-pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return teardown;
}
