import { parseArgs } from 'node:util';
import { Email, NewPassword } from '@hafla/shared/auth/requests';
import { loadConfig } from '../config';
import { findPasswordProblem } from '../lib/password';
import { createUploadsStorage } from '../lib/storage';
import { openDatabase } from './client';
import { createAdmin } from './seed/admin';
import { seedDatabase } from './seed/seed';

const USAGE = `usage:
  cli.ts migrate                                  apply the SQL migrations
  cli.ts seed                                     platform content (+ demo accounts unless SEED_DEMO=false)
  cli.ts admin:create --email <e> --password <p>  create an admin, or make an existing account one`;

/** `npm run db:migrate`, `npm run db:seed`, `npm run admin:create` against DATABASE_URL or the PGlite folder. */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'migrate' && command !== 'seed' && command !== 'admin:create') {
    console.error(USAGE);
    return 2;
  }
  let admin: { email: string; password: string } | null = null;
  if (command === 'admin:create') {
    const { values } = parseArgs({
      args: rest,
      options: { email: { type: 'string' }, password: { type: 'string' } },
    });
    const email = Email.safeParse(values.email);
    const password = NewPassword.safeParse(values.password);
    if (!email.success || !password.success) {
      console.error(
        `A valid --email and a --password of 8 to 128 characters are needed.\n${USAGE}`,
      );
      return 2;
    }
    const problem = findPasswordProblem(password.data, email.data);
    if (problem) {
      console.error(`The password is refused: ${problem}`);
      return 2;
    }
    admin = { email: email.data, password: password.data };
  }

  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  try {
    await database.migrate();
    if (command === 'seed') {
      await seedDatabase(database.db, {
        demo: config.SEED_DEMO,
        storage: createUploadsStorage(config.DATA_DIR),
      });
    }
    if (admin) {
      const outcome = await createAdmin(database.db, admin.email, admin.password);
      console.log(`admin:create: ${admin.email} ${outcome}`);
    } else {
      console.log(`${command}: done (${database.kind})`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
