import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { isSeeded, seedDatabase } from './db/seed/seed';
import { isDatabaseUnavailable } from './lib/db-errors';
import { createUploadsStorage } from './lib/storage';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: config.DATABASE_POOL_MAX,
  });
  await untilDatabaseAnswers(() => database.migrate());
  if (!(await isSeeded(database.db))) {
    await seedDatabase(database.db, {
      demo: config.SEED_DEMO,
      storage: createUploadsStorage(config.DATA_DIR),
    });
  }

  const app = await buildApp({ config, database });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { database: database.kind, dataDir: config.DATA_DIR },
    `Hafla is ready on http://localhost:${config.PORT}`,
  );
}

/**
 * A process may start while PostgreSQL is still starting or restarting (containers started
 * together, a failover): it waits for it, with growing pauses, instead of exiting.
 */
async function untilDatabaseAnswers(work: () => Promise<void>, limitMs = 120_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (let pause = 250; ; pause = Math.min(pause * 2, 5_000)) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + pause > deadline) throw error;
      console.warn(`the database does not answer yet (${String(error)}); trying again`);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
