-- One seat hold in the fewest statements that keep its guarantees (decision 0020), on the API's
-- own tables: the date's seat lock, the read of the rows the asked seats are in (what the orphan
-- rule judges), the booking, its line and its tickets with their seats, then — in one pipeline
-- with the COMMIT, as the API sends them — the conditional seat claim (aborts unless it took
-- every seat) and the conditional inventory raise. bench/seat-rush.mjs runs it with pgbench -D
-- for event, first_slot, slots, category, price, pairs_per_slot, per_section, per_row, and
-- hands every transaction its own pair of seats from a sequence (the HTTP run gives each
-- request its own pair too), filling one slot's chart before the next: all clients contend for
-- one date's lock, as all buyers of an on-sale do.
SELECT nextval('seat_bench_pairs') - 1 AS pair \gset
\set slot :first_slot + :pair / :pairs_per_slot
\set seat (:pair % :pairs_per_slot) * 2
\set section :seat / :per_section
\set row (:seat % :per_section) / :per_row + 1
\set place :seat % :per_row + 1
\set buyer :pair + 1
\set total :price * 2
BEGIN;
SELECT pg_advisory_xact_lock(20020, :slot::int);
SELECT s.seat_id, s.ticket_category_id, s.row_id, s.seat_label, s.left_id, s.right_id,
       s.distance, s.blocked,
       CASE WHEN s.booking_id IS NULL THEN 'free'
            WHEN b.status = 'pending' AND b.expires_at <= now() THEN 'lapsed'
            WHEN b.status IN ('expired', 'cancelled') THEN 'lapsed'
            ELSE 'taken' END AS holder
  FROM event_date_seats s
  LEFT JOIN bookings b ON b.id = s.booking_id
 WHERE s.event_date_id = :slot::int
   AND s.row_id IN (SELECT row_id FROM event_date_seats
                     WHERE event_date_id = :slot::int
                       AND seat_id = ANY(ARRAY['sec' || :section || '.r' || :row || '.s' || :place,
                                               'sec' || :section || '.r' || :row || '.s' || (:place + 1)]))
 ORDER BY s.row_id, s.position;
INSERT INTO bookings (user_id, event_id, event_date_id, status, currency, subtotal, discount, fees,
                      total, language, expires_at)
VALUES (('00000000-0000-4000-8000-' || lpad(to_hex(:buyer::int), 12, '0'))::uuid, :event::int,
        :slot::int, 'pending', 'SAR', :total::int, 0, 0, :total::int, 'en',
        now() + interval '10 minutes')
RETURNING id AS booking \gset
INSERT INTO booking_items (booking_id, ticket_category_id, quantity, unit_price)
VALUES (:booking::int, :category::int, 2, :price::int);
INSERT INTO tickets (booking_id, user_id, event_id, event_date_id, ticket_category_id, status,
                     price, secret, seat_id)
SELECT :booking::int, ('00000000-0000-4000-8000-' || lpad(to_hex(:buyer::int), 12, '0'))::uuid,
       :event::int, :slot::int, :category::int, 'pending', :price::int,
       substr(md5(random()::text), 1, 22), 'sec' || :section || '.r' || :row || '.s' || (:place + k)
  FROM generate_series(0, 1) k;
\startpipeline
WITH claimed AS (
  UPDATE event_date_seats SET booking_id = :booking::int
   WHERE event_date_id = :slot::int
     AND seat_id = ANY(ARRAY['sec' || :section || '.r' || :row || '.s' || :place,
                             'sec' || :section || '.r' || :row || '.s' || (:place + 1)])
     AND booking_id IS NULL AND NOT blocked
  RETURNING 1)
SELECT 1 / (count(*) = 2)::int AS claimed FROM claimed;
WITH held AS (
  INSERT INTO ticket_inventory (event_date_id, ticket_category_id, held)
  SELECT :slot::int, id, 2 FROM ticket_categories WHERE id = :category::int AND 2 <= quantity
     FOR SHARE
  ON CONFLICT (event_date_id, ticket_category_id) DO UPDATE
     SET held = ticket_inventory.held + excluded.held
   WHERE ticket_inventory.sold + ticket_inventory.held + excluded.held
         <= coalesce(ticket_inventory.quantity,
                     (SELECT quantity FROM ticket_categories WHERE id = excluded.ticket_category_id))
  RETURNING 1)
SELECT 1 / count(*)::int AS held FROM held;
COMMIT;
\endpipeline
