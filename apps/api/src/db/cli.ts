import { loadConfig } from '../config';
import { openDatabase } from './client';
import { seedDatabase } from './seed/seed';

/** `npm run db:migrate` and `npm run db:seed` against DATABASE_URL or the PGlite folder. */
async function main(command: string | undefined) {
  if (command !== 'migrate' && command !== 'seed') {
    console.error('usage: cli.ts migrate|seed');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  try {
    await database.migrate();
    if (command === 'seed') await seedDatabase(database.db);
    console.log(`${command}: done (${database.kind})`);
  } finally {
    await database.close();
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
