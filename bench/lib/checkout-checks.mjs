// After a checkout rush, in SQL: which booking each delivered confirmation email was for, and
// whether every payment answered 200 left what it should (one payment, a confirmed booking, no
// payment attempt stuck `charging`).

/**
 * Follows the confirmation emails the sink takes: each message's outbox id is looked up in
 * mail_outbox (rows of kind booking_confirmed, params `{ booking }`) to the booking it confirms.
 * Answers `{ update, waitFor, summary }`.
 */
export function trackConfirmations(sink, client) {
  /** booking id → { outboxIds: Set, messages, firstAt } */
  const byBooking = new Map();
  const unmapped = new Set();
  let seen = 0;
  let other = 0;

  /** Reads the messages taken since the last call (and those not yet found in the outbox). */
  async function update() {
    const fresh = sink.messages.slice(seen);
    seen += fresh.length;
    for (const message of fresh) {
      if (message.outboxId === null) other += 1;
      else unmapped.add(message);
    }
    if (unmapped.size === 0) return;
    const ids = [...new Set([...unmapped].map((message) => message.outboxId))];
    const { rows } = await client.query(
      `SELECT id, kind, (params->>'booking')::int AS booking FROM mail_outbox WHERE id = ANY($1::int[])`,
      [ids],
    );
    const rowsById = new Map(rows.map((row) => [row.id, row]));
    for (const message of [...unmapped]) {
      const row = rowsById.get(message.outboxId);
      if (!row) continue;
      unmapped.delete(message);
      if (row.kind !== 'booking_confirmed' || row.booking === null) {
        other += 1;
        continue;
      }
      const entry = byBooking.get(row.booking) ?? {
        outboxIds: new Set(),
        messages: 0,
        firstAt: null,
      };
      entry.outboxIds.add(message.outboxId);
      entry.messages += 1;
      entry.firstAt = entry.firstAt === null ? message.at : Math.min(entry.firstAt, message.at);
      byBooking.set(row.booking, entry);
    }
  }

  /**
   * Waits (at most `timeoutMs`) until each of `bookingIds` has had its confirmation delivered.
   * Answers `{ missing, lastAfterMs }`: the bookings still without one, and how long after
   * `since` (performance.now()) the last of them arrived (negative when before it).
   */
  async function waitFor(bookingIds, since, timeoutMs) {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      await update();
      const missing = bookingIds.filter((id) => !byBooking.has(id));
      if (missing.length === 0 || performance.now() > deadline) {
        const delivered = bookingIds.filter((id) => byBooking.has(id));
        const lastAt = Math.max(-Infinity, ...delivered.map((id) => byBooking.get(id).firstAt));
        return { missing, lastAfterMs: delivered.length > 0 ? lastAt - since : null };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * Over `bookingIds`: those with no confirmation, with more than one queued confirmation (two
   * outbox rows: confirmed twice), and with one delivered more than once (a redelivery of the
   * same row, which its Message-ID lets a mail client recognise).
   */
  function summary(bookingIds) {
    let missing = 0;
    let twiceQueued = 0;
    let redelivered = 0;
    for (const id of bookingIds) {
      const entry = byBooking.get(id);
      if (!entry) missing += 1;
      else if (entry.outboxIds.size > 1) twiceQueued += 1;
      else if (entry.messages > 1) redelivered += 1;
    }
    return { messages: seen, other, unmapped: unmapped.size, missing, twiceQueued, redelivered };
  }

  return { update, waitFor, summary };
}

/**
 * Checks the bookings answered paid: each must be `confirmed` with exactly one payment; and no
 * payment attempt anywhere may still be `charging`. Answers `{ bookings, notConfirmed,
 * paymentMismatch, charging, examples }`.
 */
export async function checkPayments(client, bookingIds) {
  const { rows } = await client.query(
    `SELECT b.id, b.status, (SELECT count(*) FROM payments p WHERE p.booking_id = b.id)::int AS payments
       FROM bookings b WHERE b.id = ANY($1::int[])`,
    [bookingIds],
  );
  const found = new Set(rows.map((row) => row.id));
  const missing = bookingIds.filter((id) => !found.has(id));
  const notConfirmed = rows.filter((row) => row.status !== 'confirmed');
  const paymentMismatch = rows.filter((row) => row.payments !== 1);
  const {
    rows: [{ charging }],
  } = await client.query(
    `SELECT count(*)::int AS charging FROM payment_attempts WHERE status = 'charging'`,
  );
  return {
    bookings: bookingIds.length,
    missing: missing.length,
    notConfirmed: notConfirmed.length,
    paymentMismatch: paymentMismatch.length,
    charging,
    examples: [
      ...missing.slice(0, 3).map((id) => ({ id, problem: 'no such booking' })),
      ...notConfirmed.slice(0, 3),
      ...paymentMismatch.slice(0, 3),
    ],
  };
}
