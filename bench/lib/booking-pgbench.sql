-- One booking in the fewest statements that keep its guarantees: the booking, its line and its
-- tickets, then the conditional inventory raise (the category row share-locked, the hot
-- inventory row locked last and for the shortest time), in one transaction, on the API's own
-- tables. The raise and the COMMIT go to the server in one pipeline, as the API sends its holds
-- and COMMIT, so on both sides the hot row stays locked only until the commit is done rather than
-- for a round trip more. bench/booking-rush.mjs runs it with pgbench -D for event, slot,
-- first_category, categories (ids first_category … first_category + categories − 1), buyers,
-- tickets and price.
\set buyer random(1, :buyers)
\set category :first_category + random(0, :categories - 1)
\set total :price * :tickets
BEGIN;
INSERT INTO bookings (user_id, event_id, event_date_id, status, currency, subtotal, discount, fees,
                      total, language, expires_at)
VALUES (('00000000-0000-4000-8000-' || lpad(to_hex(:buyer::int), 12, '0'))::uuid, :event::int,
        :slot::int, 'pending', 'SAR', :total::int, 0, 0, :total::int, 'en',
        now() + interval '10 minutes')
RETURNING id AS booking \gset
INSERT INTO booking_items (booking_id, ticket_category_id, quantity, unit_price)
VALUES (:booking::int, :category::int, :tickets::int, :price::int);
INSERT INTO tickets (booking_id, user_id, event_id, event_date_id, ticket_category_id, status,
                     price, secret)
SELECT :booking::int, ('00000000-0000-4000-8000-' || lpad(to_hex(:buyer::int), 12, '0'))::uuid,
       :event::int, :slot::int, :category::int, 'pending', :price::int,
       substr(md5(random()::text), 1, 22)
  FROM generate_series(1, :tickets::int);
\startpipeline
INSERT INTO ticket_inventory (event_date_id, ticket_category_id, held)
SELECT :slot::int, id, :tickets::int FROM ticket_categories
 WHERE id = :category::int AND :tickets::int <= quantity
   FOR SHARE
ON CONFLICT (event_date_id, ticket_category_id) DO UPDATE
   SET held = ticket_inventory.held + excluded.held
 WHERE ticket_inventory.sold + ticket_inventory.held + excluded.held
       <= (SELECT quantity FROM ticket_categories WHERE id = excluded.ticket_category_id)
RETURNING 1 AS ok;
COMMIT;
\endpipeline
