import type { Statement } from '../../db/pipeline';

/**
 * The statements of one booking (POST /tickets/book/), prepared once per connection on
 * PostgreSQL and sent in two round trips (see `book` in service.ts and decision 0005). Values are
 * always bound; the texts never change.
 */

/**
 * Everything the booking checks before it writes, in one read: the event, the slot (of that
 * event), the ordered categories (of that event) with how many tickets are neither sold nor held
 * in the slot, the platform settings, the promo code (any letter case) and an earlier answer
 * under the same Idempotency-Key. One row per category found, or one row of nulls for everything
 * missing. Only keys are compared with parameters, so the plan does not depend on their values
 * and PostgreSQL keeps one generic plan instead of planning each booking anew (holds that have
 * lapsed, which need the clock, are read separately and only when a category looks full).
 * $1 event, $2 slot, $3 category ids, $4 user, $5 idempotency scope, $6 key (null: none),
 * $7 promo code (null: none), $8 seat ids (their categories are read too; decision 0020).
 */
export const BOOK_CONTEXT: Statement = {
  name: 'book_context',
  text: `
select e.id as event_id, e.status as event_status, e.last_end_at, e.title, e.timezone, e.currency,
       e.max_tickets_per_order,
       d.id as slot_id, d.start_at as slot_start, d.end_at as slot_end,
       c.id as category_id, c.name, c.price, coalesce(i.quantity, c.quantity) as quantity,
       c.position, c.min_per_order, c.max_per_order, c.sales_start, c.sales_end,
       coalesce(i.quantity, c.quantity) - coalesce(i.sold, 0) - coalesce(i.held, 0) as free,
       coalesce(i.seated, false) as seated, d.chart_version_id is not null as has_chart,
       s.value as settings,
       k.request_hash, k.response_body,
       p.id as promo_id, p.code as promo_code, p.discount_type as promo_discount_type,
       p.value as promo_value, p.max_uses as promo_max_uses, p.uses as promo_uses,
       p.max_uses_per_user as promo_max_uses_per_user, p.valid_from as promo_valid_from,
       p.valid_until as promo_valid_until, p.ticket_category_ids as promo_ticket_category_ids,
       p.is_active as promo_is_active
  from (select) as request
  left join events e on e.id = $1
  left join event_dates d on d.id = $2 and d.event_id = e.id
  left join ticket_categories c on c.event_id = e.id
        and (c.id = any($3::int[])
             or c.id in (select ticket_category_id from event_date_seats
                          where event_date_id = d.id and seat_id = any($8::text[])))
  left join ticket_inventory i on i.event_date_id = d.id and i.ticket_category_id = c.id
  left join app_settings s on s.key = 'platform'
  left join idempotency_keys k on k.user_id = $4 and k.scope = $5 and k.key = $6
  left join promo_codes p on p.event_id = e.id and upper(p.code) = upper($7)`,
};

/** One row of BOOK_CONTEXT (nulls where the event, slot, category, key or code was not found). */
export interface ContextRow {
  event_id: number | null;
  event_status: string;
  last_end_at: Date | null;
  title: string;
  timezone: string;
  currency: string;
  max_tickets_per_order: number;
  slot_id: number | null;
  slot_start: Date;
  slot_end: Date;
  category_id: number | null;
  name: string;
  price: number;
  quantity: number;
  position: number;
  min_per_order: number;
  max_per_order: number;
  sales_start: Date | null;
  sales_end: Date | null;
  free: number;
  /** Sold by seat in this slot. */
  seated: boolean;
  /** The slot has a seat chart. */
  has_chart: boolean;
  settings: unknown;
  request_hash: string | null;
  response_body: unknown;
  promo_id: number | null;
  promo_code: string;
  promo_discount_type: string;
  promo_value: number;
  promo_max_uses: number | null;
  promo_uses: number;
  promo_max_uses_per_user: number | null;
  promo_valid_from: Date | null;
  promo_valid_until: Date | null;
  promo_ticket_category_ids: number[];
  promo_is_active: boolean;
}

/** The buyer's row, locked first: their bookings never race each other's limits. */
export const LOCK_USER: Statement = {
  name: 'book_lock_user',
  text: `select 1 from users where id = $1 for no key update`,
};

/**
 * After the lock (a statement of its own, so it sees what the buyer's previous booking
 * committed): whether a twin request under the same Idempotency-Key has committed meanwhile
 * (a booking writes its key only under this lock, so none can be in flight now), the buyer's
 * open holds and their tickets in the slot, and ids for the booking and its tickets, drawn now
 * so that the answer stored under the key can be written with the booking. The clock only
 * filters what the indexes found (FILTER), so the plan is the same for every booking and stays
 * generic (so are the ticket ids drawn over an array, whose length a plan does not depend on, where
 * generate_series would be planned for its bound). $1 user, $2 now, $3 slot, $4 the category of
 * each ticket, $5 the ticket statuses that count, $6 key scope, $7 key (null: none).
 */
export const COUNT_AND_NUMBER: Statement = {
  name: 'book_count_and_number',
  text: `
select exists(select from idempotency_keys where user_id = $1 and scope = $6 and key = $7)
         as key_taken,
       (select count(*) filter (where expires_at > $2) from bookings
         where user_id = $1 and status = 'pending')::int as open,
       (select count(*) filter (where b.status <> 'pending' or b.expires_at > $2)
          from tickets t join bookings b on b.id = t.booking_id
         where t.user_id = $1 and t.event_date_id = $3 and t.status = any($5::text[]))::int
         as in_slot,
       nextval('bookings_id_seq')::int as booking_id,
       array(select nextval('tickets_id_seq')::int from unnest($4::int[])) as ticket_ids`,
};

/** What COUNT_AND_NUMBER answers. */
export interface CountRow {
  key_taken: boolean;
  open: number;
  in_slot: number;
  booking_id: number;
  ticket_ids: number[];
}

/**
 * The booking, its lines, its tickets and the answer under its Idempotency-Key in one statement.
 * The key is claimed here, with its answer: a twin request (same buyer, same key) waits for this
 * one on the buyer's row lock and then finds the key taken (COUNT_AND_NUMBER); should one still
 * reach this insert, it fails on the key's primary key before it touches the inventory. $1 booking id, $2 user, $3 event, $4 slot,
 * $5 currency, $6 subtotal, $7 discount, $8 fees, $9 total, $10 promo code id, $11 language,
 * $12 expires at, $13 now, $14–$16 lines (category, quantity, unit price), $17 key scope, $18
 * key (null: none), $19 request hash, $20 answer, $21–$26 tickets (id, category, price,
 * discount, secret, seat or null).
 */
export const INSERT_BOOKING: Statement = {
  name: 'book_insert',
  text: `
with booking as (
  insert into bookings (id, user_id, event_id, event_date_id, status, currency, subtotal, discount,
                        fees, total, promo_code_id, language, expires_at, created_at, updated_at)
  overriding system value
  values ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)),
lines as (
  insert into booking_items (booking_id, ticket_category_id, quantity, unit_price)
  select $1, l.category, l.quantity, l.unit_price
    from unnest($14::int[], $15::int[], $16::int[]) as l(category, quantity, unit_price)),
answer as (
  insert into idempotency_keys (user_id, scope, key, request_hash, response_status, response_body)
  select $2::uuid, $17::text, $18::text, $19::text, 200, $20::jsonb where $18::text is not null)
insert into tickets (id, booking_id, user_id, event_id, event_date_id, ticket_category_id, status,
                     price, discount, secret, seat_id, created_at, updated_at)
overriding system value
select t.id, $1::int, $2::uuid, $3::int, $4::int, t.category, 'pending', t.price, t.discount,
       t.secret, t.seat, $13::timestamptz, $13::timestamptz
  from unnest($21::int[], $22::int[], $23::int[], $24::int[], $25::text[], $26::text[])
       as t(id, category, price, discount, secret, seat)`,
};

/** The constraint INSERT_BOOKING fails on when a twin claimed the key first. */
export const KEY_CONSTRAINT = 'idempotency_keys_user_id_scope_key_pk';
