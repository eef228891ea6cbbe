// After a rush: the inventory must agree with the bookings, whoever wrote them (the API or
// pgbench), in every slot and category of the database.

/**
 * Counts the (slot, category) pairs that break a rule: tickets held or sold beyond the
 * category's quantity; `held` other than the pending bookings' items; booked items without as
 * many tickets. Answers `{ pairs, oversold, heldMismatch, ticketMismatch, examples }`.
 */
export async function checkInventory(client) {
  const { rows } = await client.query(
    `WITH items AS (
       SELECT b.event_date_id, bi.ticket_category_id,
              sum(bi.quantity) FILTER (WHERE b.status = 'pending')::int AS pending,
              sum(bi.quantity)::int AS booked
         FROM booking_items bi JOIN bookings b ON b.id = bi.booking_id
        GROUP BY 1, 2),
     issued AS (
       SELECT event_date_id, ticket_category_id, count(*)::int AS tickets
         FROM tickets GROUP BY 1, 2),
     pairs AS (
       SELECT coalesce(i.event_date_id, it.event_date_id, t.event_date_id) AS event_date_id,
              coalesce(i.ticket_category_id, it.ticket_category_id, t.ticket_category_id)
                AS ticket_category_id,
              coalesce(i.sold, 0) AS sold, coalesce(i.held, 0) AS held,
              coalesce(it.pending, 0) AS pending, coalesce(it.booked, 0) AS booked,
              coalesce(t.tickets, 0) AS tickets
         FROM ticket_inventory i
         FULL JOIN items it USING (event_date_id, ticket_category_id)
         FULL JOIN issued t USING (event_date_id, ticket_category_id))
     SELECT p.*, c.quantity,
            p.sold + p.held > c.quantity AS oversold,
            p.held <> p.pending AS held_mismatch,
            p.tickets <> p.booked AS ticket_mismatch
       FROM pairs p JOIN ticket_categories c ON c.id = p.ticket_category_id`,
  );
  const bad = rows.filter((row) => row.oversold || row.held_mismatch || row.ticket_mismatch);
  return {
    pairs: rows.length,
    oversold: rows.filter((row) => row.oversold).length,
    heldMismatch: rows.filter((row) => row.held_mismatch).length,
    ticketMismatch: rows.filter((row) => row.ticket_mismatch).length,
    examples: bad.slice(0, 5),
  };
}

/** Bookings and tickets in a slot, and its inventory (summed over its categories). */
export async function slotTotals(client, slotId) {
  const { rows } = await client.query(
    `SELECT (SELECT count(*) FROM bookings WHERE event_date_id = $1)::int AS bookings,
            (SELECT count(*) FROM tickets WHERE event_date_id = $1)::int AS tickets,
            (SELECT coalesce(sum(held + sold), 0) FROM ticket_inventory
              WHERE event_date_id = $1)::int AS taken`,
    [slotId],
  );
  return rows[0];
}
