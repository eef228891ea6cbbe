import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { bookings } from '../../db/schema/bookings';
import { idempotencyKeys } from '../../db/schema/idempotency';
import type { Background } from '../../lib/background';

import { releaseHolds } from '../bookings/surface';
import { bookingsToRefund, refundForCancelledEvent, refundsNotSent } from './refunds';
import { sendToGateway } from './refund-transaction';
import type { PaymentsDeps } from './service';
import { settleDueAttempts } from './settle';

/** Remembered idempotent answers are kept this long. */
const KEEP_IDEMPOTENCY_MS = 24 * 3_600_000;

/**
 * Background work of the booking core, in every API process. None of it is needed for
 * correctness at any moment — lapsed holds already count for nobody, a cancelled event's
 * bookings are refunded by the request that cancelled it — it tidies up after crashes and keeps
 * tables small. Every step is safe to run in several processes at once (rows are locked and
 * skipped, gateway calls are idempotent).
 */
export class BookingJobs {
  constructor(
    private readonly deps: PaymentsDeps,
    private readonly background: Background,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs the sweep every `intervalMs` in this process. */
  start(intervalMs: number): void {
    this.background.every(intervalMs, 'sweep', () => this.sweep());
  }

  /** Waits for this process's background work (tests). */
  idle(): Promise<void> {
    return this.background.idle();
  }

  /** An organizer cancelled an event: open holds end and every paid booking is refunded in full. */
  afterEventCancelled(eventId: number): void {
    this.background.run('event-cancelled', async () => {
      const pending = await this.deps.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.event_id, eventId), eq(bookings.status, 'pending')));
      if (pending.length > 0) {
        await releaseHolds(
          this.deps.db,
          this.deps.now(),
          {
            bookingIds: pending.map((booking) => booking.id),
          },
          pending.length,
          this.deps.seats,
        );
      }
      await this.refundCancelled(eventId);
    });
  }

  private async refundCancelled(eventId: number | null): Promise<void> {
    const tried = new Set<number>();
    for (;;) {
      const ids = (await bookingsToRefund(this.deps.db, eventId, 50)).filter(
        (id) => !tried.has(id),
      );
      if (ids.length === 0) return;
      for (const id of ids) {
        // Shutting down: what is left is refunded by the next sweep of any process.
        if (this.background.stopping) return;
        tried.add(id);
        try {
          await refundForCancelledEvent(this.deps, id);
        } catch (error) {
          // Left for the next sweep; the others go on.
          this.log.error({ err: error, booking: id }, 'refund of a cancelled event failed');
        }
      }
    }
  }

  /**
   * One pass over everything that may be left behind: lapsed holds, charges whose call died
   * (applied or refunded, decision 0010), refunds of cancelled events, refunds the gateway has
   * not confirmed, old idempotency keys.
   */
  async sweep(): Promise<void> {
    const now = this.deps.now();
    while ((await releaseHolds(this.deps.db, now, {}, 200, this.deps.seats)) > 0) {
      // release in batches until no lapsed hold is left
    }
    await settleDueAttempts(this.deps, this.log, () => this.background.stopping);
    await this.refundCancelled(null);
    for (const id of await refundsNotSent(this.deps.db, new Date(now.getTime() - 30_000))) {
      try {
        await sendToGateway(this.deps, id);
      } catch (error) {
        // Left for the next sweep; the others go on.
        this.log.error({ err: error, refund: id }, 'sending a refund to the gateway failed');
      }
    }
    await this.deps.db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.created_at, new Date(now.getTime() - KEEP_IDEMPOTENCY_MS)));
  }
}
