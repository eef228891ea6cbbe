import type { ServerResponse } from 'node:http';
import { AppError } from './app-error';

export interface AdmissionOptions {
  /** How many may run at once; 0 admits everything at once. */
  atOnce: number;
  /** How long one may wait for its turn before it is refused (503 with Retry-After). */
  maxWaitMs: number;
  /** The Retry-After of a refusal, in seconds. */
  retryAfterSeconds?: number;
}

/**
 * Turns for work that can wait, beside work that goes first: at most `atOnce` pieces run at once,
 * counting both; work that can wait (`run`) takes a free turn or waits for one, first come first
 * served; work that goes first (`runAhead`) never waits but takes a turn while it runs, so while
 * it is busy less of the rest is let in. Decision 0028: new holds wait, payments go first — in a
 * rush the buyers already paying are not queued behind a crowd of new arrivals. A wait longer
 * than `maxWaitMs` is refused with 503 `service_unavailable` and Retry-After (nothing was done);
 * one whose caller has gone (`signal` aborted) leaves the queue without running.
 */
export class Admission {
  private running = 0;
  private readonly waiting: Array<{ admit: () => void }> = [];

  constructor(private readonly options: AdmissionOptions) {}

  /** How many are waiting for a turn now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `work` when a turn is free (see the class). */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.turn(signal);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Runs `work` at once, holding a turn while it runs (see the class). */
  async runAhead<T>(work: () => Promise<T>): Promise<T> {
    this.running += 1;
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private turn(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.isFree() && this.waiting.length === 0) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const leave = (error: unknown) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(error);
      };
      const onAbort = () => leave(signal?.reason);
      const timer = setTimeout(
        () =>
          leave(
            new AppError('service_unavailable', {
              status: 503,
              headers: { 'retry-after': String(this.options.retryAfterSeconds ?? 2) },
            }),
          ),
        this.options.maxWaitMs,
      );
      timer.unref();
      const entry = {
        admit: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  /** A finished piece of work frees its turn, and the free turns go to the longest waiting. */
  private release(): void {
    this.running -= 1;
    while (this.waiting.length > 0 && this.isFree()) {
      this.running += 1;
      this.waiting.shift()?.admit();
    }
  }

  private isFree(): boolean {
    return this.options.atOnce === 0 || this.running < this.options.atOnce;
  }
}

/**
 * Aborts when the caller hangs up before its answer is written: work still waiting for its turn
 * is then dropped (status 499, which nobody receives) rather than done for no one.
 */
export function abortedWithCaller(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) {
      controller.abort(new AppError('request_aborted', { status: 499 }));
    }
  });
  return controller.signal;
}
