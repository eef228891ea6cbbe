import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { isSeeded, seedDatabase } from './db/seed/seed';
import { createUploadsStorage } from './lib/storage';
import { untilDatabaseAnswers } from './startup';

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

  // An on-sale opens a thousand connections at once: Node's default queue of 511 pending
  // connections would drop the rest's SYNs and leave them waiting seconds to retry (the kernel
  // caps this at net.core.somaxconn).
  await app.listen({ port: config.PORT, host: config.HOST, backlog: 4096 });
  app.log.info(
    { database: database.kind, dataDir: config.DATA_DIR },
    `Hafla is ready on http://localhost:${config.PORT}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
