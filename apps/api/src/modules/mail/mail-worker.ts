import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import {
  claimDueMail,
  markMailSent,
  markMailSkipped,
  pruneMail,
  retryMailLater,
  type OutboxRow,
} from './outbox';
import { retryDelayMs } from '../../lib/mail/retry-delay';
import { outboxMessageId, type MailTransport, type RenderedMail } from '../../lib/mail/transport';

/** How one kind of queued mail becomes a message. */
export interface MailKind {
  /** The message, or null when there is nothing to send any more (its booking is gone). */
  render(row: OutboxRow): Promise<RenderedMail | null>;
  /** Its params hold a secret (a one-time code): cleared as soon as the row is done. */
  isSecret?: boolean;
}

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  kinds: Record<string, MailKind>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The sender, for Message-IDs. */
  from: string;
  /** How often to look for mail other processes queued or left behind. */
  pollMs?: number;
  /** How long a claimed row is this worker's before another may take it. */
  leaseSeconds?: number;
  /** How long sent, skipped and failed rows are kept. */
  keepSeconds?: number;
  /** How many messages are rendered and sent at once. */
  concurrency?: number;
  /**
   * Awaited before each message: in an API process it waits while requests are being answered
   * (see RequestGauge), so delivery takes the CPU checkout leaves.
   */
  beforeEach?: () => Promise<void>;
  random?: () => number;
}

/** What the API asks of the process's mail worker. */
export type Mailer = Pick<MailWorker, 'start' | 'poke' | 'idle' | 'stop'>;

/** Stands in where only `npm run worker` processes send mail (MAIL_WORKER=external): they poll. */
export const ELSEWHERE: Mailer = {
  start() {},
  poke() {},
  idle: async () => {},
  stop: async () => {},
};

const DEFAULTS = { pollMs: 1_000, leaseSeconds: 90, keepSeconds: 7 * 24 * 3600, concurrency: 1 };
const PRUNE_EVERY_MS = 10 * 60_000;

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Sends what the outbox holds: one row at a time (claimed with SKIP LOCKED under a lease, so
 * several processes share the work), rendered at send time, retried with backoff when the
 * transport refuses. Delivery is at least once: a row whose process died is taken again when
 * its lease lapses, and carries the same Message-ID. Nothing here ever rejects to its caller.
 */
export class MailWorker {
  private readonly pollMs: number;
  private readonly leaseSeconds: number;
  private readonly keepSeconds: number;
  private readonly concurrency: number;
  private readonly random: () => number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private pokedAgain = false;
  private stopped = false;
  private lastPrune = 0;
  private dbFailing = false;

  constructor(private readonly options: MailWorkerOptions) {
    this.pollMs = options.pollMs ?? DEFAULTS.pollMs;
    this.leaseSeconds = options.leaseSeconds ?? DEFAULTS.leaseSeconds;
    this.keepSeconds = options.keepSeconds ?? DEFAULTS.keepSeconds;
    this.concurrency = options.concurrency ?? DEFAULTS.concurrency;
    this.random = options.random ?? Math.random;
  }

  /** Sends what is due now and then polls; the timer never keeps the process alive. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.poke(), this.pollMs);
    this.timer.unref();
    this.poke();
  }

  /** Mail was queued and committed: send it now rather than at the next poll. */
  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.pokedAgain = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when this process has nothing in hand (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops claiming; the mail in hand is finished, the rest is left for any worker. */
  async stop(): Promise<void> {
    if (this.stopped) return this.idle();
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
    this.options.transport.close();
  }

  private async drain(): Promise<void> {
    try {
      do {
        this.pokedAgain = false;
        const lanes = await Promise.allSettled(
          Array.from({ length: this.concurrency }, () => this.sendWhileDue()),
        );
        const failed = lanes.find((lane) => lane.status === 'rejected');
        if (failed) throw failed.reason;
      } while (this.pokedAgain && !this.stopped);
      if (Date.now() - this.lastPrune > PRUNE_EVERY_MS && !this.stopped) {
        this.lastPrune = Date.now();
        while ((await pruneMail(this.options.db, this.keepSeconds)) > 0 && !this.stopped) {
          await yieldToRequests();
        }
      }
      this.dbFailing = false;
    } catch (error) {
      // The database is away: what is queued waits in it; the next poll tries again.
      if (!this.dbFailing) this.options.log.warn({ err: error }, 'mail outbox unreachable');
      this.dbFailing = true;
    }
  }

  /** One lane of the drain: claims and sends until nothing is due. */
  private async sendWhileDue(): Promise<void> {
    while (!this.stopped) {
      await this.options.beforeEach?.();
      if (this.stopped) return;
      const row = await claimDueMail(this.options.db, this.leaseSeconds);
      if (!row) return;
      await this.deliver(row);
      await yieldToRequests();
    }
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const kind = this.options.kinds[row.kind];
    const isSecret = kind?.isSecret ?? false;
    let rendered: RenderedMail | null;
    try {
      if (!kind) throw new Error(`no renderer for mail kind ${row.kind}`);
      rendered = await kind.render(row);
      if (!rendered) {
        this.options.log.warn({ outboxId: row.id, kind: row.kind }, 'mail has nothing to send');
        await markMailSkipped(this.options.db, row, 'nothing to send', isSecret);
        return;
      }
      await this.options.transport.send({
        ...rendered,
        to: row.recipient,
        tag: rendered.tag ?? row.kind,
        messageId: outboxMessageId(row.id, row.created_at, this.options.from),
        outboxId: row.id,
      });
    } catch (error) {
      await this.failed(row, error, isSecret);
      return;
    }
    // Should this fail, the lease lapses and the mail goes again: at least once, never lost.
    await markMailSent(this.options.db, row, isSecret);
  }

  private async failed(row: OutboxRow, error: unknown, isSecret: boolean): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const delay = retryDelayMs(row.attempts, this.random());
    const status = await retryMailLater(this.options.db, row, delay, message, isSecret);
    const context = { err: error, outboxId: row.id, kind: row.kind, attempts: row.attempts };
    if (status === 'failed') this.options.log.error(context, 'mail given up');
    else this.options.log.warn({ ...context, retryInMs: delay }, 'mail not sent; will retry');
  }
}
