import { isDatabaseUnavailable } from './lib/db-errors';

/**
 * A process may start while PostgreSQL is still starting or restarting (containers started
 * together, a failover): it waits for it, with growing pauses, instead of exiting.
 */
export async function untilDatabaseAnswers(
  work: () => Promise<void>,
  limitMs = 120_000,
): Promise<void> {
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
