import type { Db } from '../../db/client';
import { ledgerEntries } from '../../db/schema/bookings';
import type { Tx } from '../bookings/inventory';

export interface LedgerMovement {
  organizerId: string;
  eventId: number;
  bookingId: number;
  refundId?: number;
  kind: 'sale' | 'refund';
  gross: number;
  discount: number;
  platformFee: number;
  currency: string;
  availableAt: Date;
  now: Date;
}

/**
 * Appends one movement, in the caller's transaction (the state change it pays for commits with
 * it or not at all). `net` is derived, so the row always balances.
 */
export async function appendLedger(tx: Tx, movement: LedgerMovement): Promise<void> {
  await ledgerInsert(tx, movement);
}

/** The INSERT of `appendLedger`, to run or to send in a pipeline. */
export function ledgerInsert(db: Db | Tx, movement: LedgerMovement) {
  return db.insert(ledgerEntries).values({
    organizer_id: movement.organizerId,
    event_id: movement.eventId,
    booking_id: movement.bookingId,
    refund_id: movement.refundId ?? null,
    kind: movement.kind,
    gross: movement.gross,
    discount: movement.discount,
    platform_fee: movement.platformFee,
    net: movement.gross - movement.discount - movement.platformFee,
    currency: movement.currency,
    available_at: movement.availableAt,
    created_at: movement.now,
  });
}

/** Earnings of a slot become available this long after it ends. */
export const availableAfter = (slotEnd: Date, holdDays: number) =>
  new Date(slotEnd.getTime() + holdDays * 86_400_000);
