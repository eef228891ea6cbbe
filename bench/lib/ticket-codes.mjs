// Ticket codes as apps/api/src/lib/tickets/ticket-code.ts signs them (`H1.<id>.<secret>.<mac>`,
// an HMAC under a key derived from the JWT secret), so a bench scans real QR payloads the API
// verifies, and SQL that inserts confirmed tickets for them.
import { createHmac, randomBytes } from 'node:crypto';

export function ticketQrKey(jwtSecret) {
  return createHmac('sha256', jwtSecret).update('hafla/ticket-qr/v1').digest();
}

export function signTicketCode(key, { id, secret }) {
  const signed = `H1.${id}.${secret}`;
  const mac = createHmac('sha256', key).update(signed).digest().subarray(0, 16);
  return `${signed}.${mac.toString('base64url')}`;
}

/**
 * One confirmed booking of `count` valid tickets for the event's first slot and category, held
 * by `userId`. Answers `[{ id, secret }]`.
 */
export async function insertTickets(client, { eventId, slotId, categoryId, userId, count }) {
  const {
    rows: [booking],
  } = await client.query(
    `INSERT INTO bookings (user_id, event_id, event_date_id, status, currency, subtotal, total,
                           expires_at, confirmed_at)
     VALUES ($1, $2, $3, 'confirmed', 'SAR', 0, 0, now(), now()) RETURNING id`,
    [userId, eventId, slotId],
  );
  const secrets = Array.from({ length: count }, () => randomBytes(16).toString('base64url'));
  const { rows } = await client.query(
    `INSERT INTO tickets (booking_id, user_id, event_id, event_date_id, ticket_category_id,
                          status, price, secret, holder_name)
     SELECT $1, $2, $3, $4, $5, 'valid', 0, s, 'Guest ' || n
       FROM unnest($6::text[]) WITH ORDINALITY AS u(s, n)
     RETURNING id, secret`,
    [booking.id, userId, eventId, slotId, categoryId, secrets],
  );
  return rows;
}
