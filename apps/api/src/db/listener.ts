import pg from 'pg';

export interface ListenerLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface PgListenerOptions {
  connectionString: string;
  channels: string[];
  onNotification(channel: string, payload: string): void;
  /**
   * After every connection, the first and each reconnection, once LISTEN is in place: whatever
   * was sent while no connection listened is lost, so this is where state is reloaded. A
   * failure counts as a lost connection (it is retried with the next one).
   */
  onConnect?(): Promise<void>;
  log: ListenerLog;
  /** First pause before reconnecting; it doubles up to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** A `select 1` this often finds a connection that died without a word (a failover). */
  pingIntervalMs?: number;
}

/**
 * A LISTEN connection of its own (never one of the pool's: it stays checked out for good) that
 * survives the database going away: every error is handled, the connection is opened again with
 * a growing pause, and `onConnect` runs after each, since notifications sent meanwhile are lost.
 */
export class PgListener {
  private client: pg.Client | null = null;
  /** Drops the current connection and schedules the next. */
  private dropCurrent: ((error: unknown) => void) | null = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly ping: NodeJS.Timeout;
  private delay = 0;
  private closed = false;
  private readonly minDelay: number;
  private readonly maxDelay: number;

  constructor(private readonly options: PgListenerOptions) {
    this.minDelay = options.minDelayMs ?? 100;
    this.maxDelay = options.maxDelayMs ?? 5_000;
    this.ping = setInterval(() => this.checkAlive(), options.pingIntervalMs ?? 30_000);
    this.ping.unref();
  }

  /** Connects; resolves once the first attempt has ended (on failure, retries go on behind). */
  async start(): Promise<boolean> {
    return this.attempt();
  }

  /** True while a connection is listening. */
  get isListening(): boolean {
    return this.client !== null;
  }

  /**
   * A round trip on the LISTEN connection: PostgreSQL sends every notification committed before
   * the query ahead of its answer, so once this resolves true every such notification has been
   * handed to `onNotification`. False when no connection listens (or the round trip failed).
   */
  async roundTrip(): Promise<boolean> {
    const client = this.client;
    if (!client) return false;
    try {
      await client.query('select 1');
      return this.client === client;
    } catch (error) {
      if (this.client === client) this.dropCurrent?.(error);
      return false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.ping);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async attempt(): Promise<boolean> {
    if (this.closed) return false;
    const { connectionString, channels, onNotification, onConnect, log } = this.options;
    const client = new pg.Client({
      connectionString,
      application_name: 'hafla-listen',
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      query_timeout: 10_000,
    });
    let isDropped = false;
    const drop = (error?: unknown) => {
      if (isDropped) return;
      isDropped = true;
      if (this.client === client) this.client = null;
      if (!this.closed) {
        log.warn({ err: error, channels }, 'LISTEN connection lost; reconnecting');
        this.scheduleAttempt();
      }
      client.end().catch(() => undefined);
    };
    client.on('error', drop);
    client.on('end', () => drop(new Error('connection ended')));
    client.on('notification', (message) => {
      if (channels.includes(message.channel))
        onNotification(message.channel, message.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of channels)
        await client.query(`listen ${client.escapeIdentifier(channel)}`);
      if (isDropped || this.closed) {
        if (this.closed) await client.end().catch(() => undefined);
        return false;
      }
      this.client = client;
      this.dropCurrent = drop;
      await onConnect?.();
      if (this.delay > 0) log.info({ channels }, 'LISTEN connection restored');
      this.delay = 0;
      return true;
    } catch (error) {
      drop(error);
      return false;
    }
  }

  private scheduleAttempt(): void {
    if (this.closed || this.timer) return;
    const delay = this.delay;
    this.delay = Math.min(Math.max(delay * 2, this.minDelay), this.maxDelay);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.attempt();
    }, delay);
    this.timer.unref();
  }

  private checkAlive(): void {
    const client = this.client;
    if (!client) return;
    // A connection whose peer vanished may never report `error` or `end` on its own.
    client.query('select 1').catch((error: unknown) => {
      if (this.client === client) this.dropCurrent?.(error);
    });
  }
}
