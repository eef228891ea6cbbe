import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';

/** How often counted views are written. */
export const PAGE_VIEW_FLUSH_MS = 5_000;

/**
 * Counts views of public event pages in memory and adds them to `event_page_views` (one row per
 * event and day, in the event's time zone) with one upsert every few seconds: a view costs a map
 * update, not a write. Views counted since the last flush are lost if the process dies — the
 * figure is a gauge of interest, not money.
 */
export class PageViewCounter {
  private counts = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One view of the event's public page. */
  count(eventId: number): void {
    this.counts.set(eventId, (this.counts.get(eventId) ?? 0) + 1);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, PAGE_VIEW_FLUSH_MS).unref();
  }

  /** Writes what was counted (events that do not exist are left out); a failed write keeps its counts for the next. */
  async flush(): Promise<void> {
    if (this.flushing) await this.flushing;
    if (this.counts.size === 0) return;
    const batch = this.counts;
    this.counts = new Map();
    const ids = [...batch.keys()];
    const views = ids.map((id) => batch.get(id) ?? 0);
    this.flushing = this.db
      .execute(
        sql`
insert into event_page_views (event_id, organizer_id, day, views)
select e.id, e.organizer_id, (now() at time zone e.timezone)::date, v.n
  from unnest(${`{${ids.join(',')}}`}::int[], ${`{${views.join(',')}}`}::int[]) as v (id, n)
  join events e on e.id = v.id
on conflict (event_id, day) do update set views = event_page_views.views + excluded.views`,
      )
      .then(
        () => undefined,
        (error: unknown) => {
          for (const [id, n] of batch) this.counts.set(id, (this.counts.get(id) ?? 0) + n);
          this.log.warn({ err: error }, 'event page views not written; kept for the next flush');
        },
      )
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}
