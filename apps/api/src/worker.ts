import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { createMailWorker } from './mail-delivery';
import { untilDatabaseAnswers } from './startup';

/**
 * `npm run worker`: a process that only sends queued mail (confirmations with their QR codes,
 * codes, notices), so that a deployment scales checkout and delivery apart — run the API with
 * MAIL_WORKER=external and as many of these as delivery needs. Workers share the outbox through
 * PostgreSQL (rows claimed with SKIP LOCKED under a lease), so any number may run, and a worker
 * that dies leaves its rows to the others. It needs DATABASE_URL: the embedded database belongs
 * to the one API process that opened it, which then sends the mail itself.
 */
async function main() {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL, name: 'hafla-worker' });
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      'npm run worker needs DATABASE_URL (PostgreSQL): with the embedded database the API process sends the mail itself',
    );
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: config.MAIL_CONCURRENCY + 2,
  });
  database.onConnectionError = (error) => log.warn({ err: error }, 'database connection lost');
  // Several processes may start at once with the API: migrating is safe to race (it locks).
  await untilDatabaseAnswers(() => database.migrate());
  const worker = createMailWorker(config, database.db, log, {
    concurrency: config.MAIL_CONCURRENCY,
    pollMs: 250,
  });
  closeWithGrace({ delay: 30_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else log.info({ signal }, 'shutting down');
    await worker.stop();
    await database.close();
  });
  worker.start();
  log.info({ concurrency: config.MAIL_CONCURRENCY }, 'Hafla mail worker is running');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
