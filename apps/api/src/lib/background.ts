import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from './db-errors';

/**
 * Work a process does after answering: mail, pushes, fan-outs and periodic sweeps. Nothing here
 * may be needed for correctness at any moment; what must survive a crash is written to the
 * database first and found again by a sweep. `idle()` lets tests and shutdown wait for it.
 */
export class Background {
  private readonly running = new Set<Promise<unknown>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Runs `task` now without waiting for it; a failure is logged with the task's name. */
  run(name: string, task: () => Promise<unknown>): void {
    const promise = task()
      .catch((error: unknown) => {
        // The database being away is an outage, not a bug: what failed is done again later.
        if (isDatabaseUnavailable(error)) {
          this.log.warn(
            { job: name, reason: String(error) },
            'background job waits for the database',
          );
        } else {
          this.log.error({ err: error, job: name }, 'background job failed');
        }
      })
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  /** Runs `task` every `intervalMs`; the timer never keeps the process alive. */
  every(intervalMs: number, name: string, task: () => Promise<unknown>): void {
    const timer = setInterval(() => this.run(name, task), intervalMs);
    timer.unref();
    this.timers.add(timer);
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** True once shutdown began: long loops stop between steps and leave the rest to a sweep. */
  get stopping(): boolean {
    return this.stopped;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    await this.idle();
  }
}
