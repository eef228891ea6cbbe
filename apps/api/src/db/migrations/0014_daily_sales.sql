-- The dashboard reads days, not quarter hours (decision 0018): a year by day was 35,000
-- quarter-hour rows summed and bucketed per call. Sales and refunds are now also summed per day
-- in the event's own time zone, per event and per organizer (with the zone, since an organizer's
-- events may be in several); a dashboard asked in another zone falls back to the events'
-- quarter hours, which stay. The organizer's quarter hours were only ever read for the dashboard
-- and go.
CREATE TABLE "event_daily_sales" (
	"event_id" integer NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"fees" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"tickets_sold" integer DEFAULT 0 NOT NULL,
	"tickets_refunded" integer DEFAULT 0 NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_daily_sales_event_id_currency_day_pk" PRIMARY KEY("event_id","currency","day")
);
--> statement-breakpoint
CREATE TABLE "organizer_daily_sales" (
	"organizer_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"zone" text NOT NULL,
	"day" date NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"fees" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"tickets_sold" integer DEFAULT 0 NOT NULL,
	"tickets_refunded" integer DEFAULT 0 NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "organizer_daily_sales_organizer_id_currency_zone_day_pk" PRIMARY KEY("organizer_id","currency","zone","day")
);
--> statement-breakpoint
INSERT INTO event_daily_sales (event_id, currency, day, gross, discount, fees, refunded, net,
    tickets_sold, tickets_refunded, bookings, refunds)
  SELECT r.event_id, r.currency, (r.bucket AT TIME ZONE e.timezone)::date, sum(r.gross),
         sum(r.discount), sum(r.fees), sum(r.refunded), sum(r.net), sum(r.tickets_sold),
         sum(r.tickets_refunded), sum(r.bookings), sum(r.refunds)
    FROM event_sales_rollups r JOIN events e ON e.id = r.event_id
   GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO organizer_daily_sales (organizer_id, currency, zone, day, gross, discount, fees,
    refunded, net, tickets_sold, tickets_refunded, bookings, refunds)
  SELECT e.organizer_id, d.currency, e.timezone, d.day, sum(d.gross), sum(d.discount),
         sum(d.fees), sum(d.refunded), sum(d.net), sum(d.tickets_sold), sum(d.tickets_refunded),
         sum(d.bookings), sum(d.refunds)
    FROM event_daily_sales d JOIN events e ON e.id = d.event_id
   GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
DROP TABLE "organizer_sales_rollups";
--> statement-breakpoint
-- One sale's or refund's figures, as each rollup adds them.
CREATE FUNCTION hafla_sales_figures(entry journal_entries,
    OUT gross bigint, OUT discount bigint, OUT fees bigint, OUT refunded bigint, OUT net bigint,
    OUT tickets_sold integer, OUT tickets_refunded integer, OUT bookings integer,
    OUT refunds integer)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN entry.kind = 'sale' THEN entry.gross ELSE 0 END,
         CASE WHEN entry.kind = 'sale' THEN entry.discount ELSE 0 END,
         entry.platform_fee,
         CASE WHEN entry.kind = 'sale' THEN 0 ELSE entry.discount - entry.gross END,
         entry.net,
         CASE WHEN entry.kind = 'sale' THEN entry.tickets ELSE 0 END,
         CASE WHEN entry.kind = 'sale' THEN 0 ELSE entry.tickets END,
         CASE WHEN entry.kind = 'sale' THEN 1 ELSE 0 END,
         CASE WHEN entry.kind = 'sale' THEN 0 ELSE 1 END
$$;
--> statement-breakpoint
-- The rollups move with each sale and refund, in its transaction: the event's quarter hours (in
-- UTC, so any zone's days are whole buckets), its days and its organizer's days in the event's
-- zone, and its categories' days. Sales' fees count, refunds' fees count back.
CREATE OR REPLACE FUNCTION hafla_journal_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  q timestamptz := date_bin('15 minutes', NEW.created_at, timestamptz '2000-01-01 00:00:00+00');
  fig record;
  event_zone text;
  local_day date;
BEGIN
  IF NEW.kind NOT IN ('sale', 'refund') THEN
    RETURN NULL;
  END IF;
  SELECT * INTO fig FROM hafla_sales_figures(NEW);
  SELECT e.timezone, (NEW.created_at AT TIME ZONE e.timezone)::date INTO event_zone, local_day
    FROM events e WHERE e.id = NEW.event_id;
  INSERT INTO event_sales_rollups AS r (event_id, currency, bucket, gross, discount, fees,
      refunded, net, tickets_sold, tickets_refunded, bookings, refunds)
    VALUES (NEW.event_id, NEW.currency, q, fig.gross, fig.discount, fig.fees, fig.refunded, fig.net,
      fig.tickets_sold, fig.tickets_refunded, fig.bookings, fig.refunds)
    ON CONFLICT (event_id, currency, bucket) DO UPDATE SET
      gross = r.gross + excluded.gross, discount = r.discount + excluded.discount,
      fees = r.fees + excluded.fees, refunded = r.refunded + excluded.refunded,
      net = r.net + excluded.net, tickets_sold = r.tickets_sold + excluded.tickets_sold,
      tickets_refunded = r.tickets_refunded + excluded.tickets_refunded,
      bookings = r.bookings + excluded.bookings, refunds = r.refunds + excluded.refunds;
  INSERT INTO event_daily_sales AS r (event_id, currency, day, gross, discount, fees,
      refunded, net, tickets_sold, tickets_refunded, bookings, refunds)
    VALUES (NEW.event_id, NEW.currency, local_day, fig.gross, fig.discount, fig.fees, fig.refunded, fig.net,
      fig.tickets_sold, fig.tickets_refunded, fig.bookings, fig.refunds)
    ON CONFLICT (event_id, currency, day) DO UPDATE SET
      gross = r.gross + excluded.gross, discount = r.discount + excluded.discount,
      fees = r.fees + excluded.fees, refunded = r.refunded + excluded.refunded,
      net = r.net + excluded.net, tickets_sold = r.tickets_sold + excluded.tickets_sold,
      tickets_refunded = r.tickets_refunded + excluded.tickets_refunded,
      bookings = r.bookings + excluded.bookings, refunds = r.refunds + excluded.refunds;
  INSERT INTO organizer_daily_sales AS r (organizer_id, currency, zone, day, gross, discount,
      fees, refunded, net, tickets_sold, tickets_refunded, bookings, refunds)
    VALUES (NEW.organizer_id, NEW.currency, event_zone, local_day, fig.gross, fig.discount, fig.fees,
      fig.refunded, fig.net, fig.tickets_sold, fig.tickets_refunded, fig.bookings, fig.refunds)
    ON CONFLICT (organizer_id, currency, zone, day) DO UPDATE SET
      gross = r.gross + excluded.gross, discount = r.discount + excluded.discount,
      fees = r.fees + excluded.fees, refunded = r.refunded + excluded.refunded,
      net = r.net + excluded.net, tickets_sold = r.tickets_sold + excluded.tickets_sold,
      tickets_refunded = r.tickets_refunded + excluded.tickets_refunded,
      bookings = r.bookings + excluded.bookings, refunds = r.refunds + excluded.refunds;
  IF NEW.kind = 'sale' THEN
    INSERT INTO category_sales_rollups AS r (ticket_category_id, event_id, organizer_id, currency,
        day, gross, tickets_sold, tickets_refunded)
      SELECT t.ticket_category_id, NEW.event_id, NEW.organizer_id, NEW.currency, local_day,
             sum(t.price), count(*), 0
        FROM tickets t WHERE t.booking_id = NEW.booking_id GROUP BY t.ticket_category_id
      ON CONFLICT (ticket_category_id, day) DO UPDATE SET
        gross = r.gross + excluded.gross, tickets_sold = r.tickets_sold + excluded.tickets_sold;
  ELSE
    INSERT INTO category_sales_rollups AS r (ticket_category_id, event_id, organizer_id, currency,
        day, gross, tickets_sold, tickets_refunded)
      SELECT t.ticket_category_id, NEW.event_id, NEW.organizer_id, NEW.currency, local_day, 0, 0, count(*)
        FROM tickets t
       WHERE t.id = ANY ((SELECT f.ticket_ids FROM refunds f WHERE f.id = NEW.refund_id)::int[])
       GROUP BY t.ticket_category_id
      ON CONFLICT (ticket_category_id, day) DO UPDATE SET
        tickets_refunded = r.tickets_refunded + excluded.tickets_refunded;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An event moved to another time zone: its days are summed anew from its quarter hours, and its
-- share of its organizer's days moves from the old zone's days to the new zone's.
CREATE FUNCTION hafla_event_zone_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM event_daily_sales WHERE event_id = NEW.id;
  INSERT INTO event_daily_sales (event_id, currency, day, gross, discount, fees, refunded, net,
      tickets_sold, tickets_refunded, bookings, refunds)
    SELECT NEW.id, r.currency, (r.bucket AT TIME ZONE NEW.timezone)::date, sum(r.gross),
           sum(r.discount), sum(r.fees), sum(r.refunded), sum(r.net), sum(r.tickets_sold),
           sum(r.tickets_refunded), sum(r.bookings), sum(r.refunds)
      FROM event_sales_rollups r WHERE r.event_id = NEW.id
     GROUP BY 2, 3;
  UPDATE organizer_daily_sales o SET
      gross = o.gross - m.gross, discount = o.discount - m.discount, fees = o.fees - m.fees,
      refunded = o.refunded - m.refunded, net = o.net - m.net,
      tickets_sold = o.tickets_sold - m.tickets_sold,
      tickets_refunded = o.tickets_refunded - m.tickets_refunded,
      bookings = o.bookings - m.bookings, refunds = o.refunds - m.refunds
    FROM (SELECT r.currency, (r.bucket AT TIME ZONE OLD.timezone)::date AS day, sum(r.gross) AS gross,
                 sum(r.discount) AS discount, sum(r.fees) AS fees, sum(r.refunded) AS refunded,
                 sum(r.net) AS net, sum(r.tickets_sold) AS tickets_sold,
                 sum(r.tickets_refunded) AS tickets_refunded, sum(r.bookings) AS bookings,
                 sum(r.refunds) AS refunds
            FROM event_sales_rollups r WHERE r.event_id = NEW.id GROUP BY 1, 2) m
   WHERE o.organizer_id = NEW.organizer_id AND o.currency = m.currency AND o.zone = OLD.timezone
     AND o.day = m.day;
  INSERT INTO organizer_daily_sales AS o (organizer_id, currency, zone, day, gross, discount,
      fees, refunded, net, tickets_sold, tickets_refunded, bookings, refunds)
    SELECT NEW.organizer_id, d.currency, NEW.timezone, d.day, d.gross, d.discount, d.fees,
           d.refunded, d.net, d.tickets_sold, d.tickets_refunded, d.bookings, d.refunds
      FROM event_daily_sales d WHERE d.event_id = NEW.id
    ON CONFLICT (organizer_id, currency, zone, day) DO UPDATE SET
      gross = o.gross + excluded.gross, discount = o.discount + excluded.discount,
      fees = o.fees + excluded.fees, refunded = o.refunded + excluded.refunded,
      net = o.net + excluded.net, tickets_sold = o.tickets_sold + excluded.tickets_sold,
      tickets_refunded = o.tickets_refunded + excluded.tickets_refunded,
      bookings = o.bookings + excluded.bookings, refunds = o.refunds + excluded.refunds;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER events_daily_sales_zone AFTER UPDATE OF timezone ON events FOR EACH ROW
  WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION hafla_event_zone_moved();
--> statement-breakpoint
-- Categories per month too: a year's figures per category are its whole months plus the days of
-- the months the range cuts, not 365 days of each category.
CREATE TABLE "category_monthly_sales" (
	"ticket_category_id" integer NOT NULL,
	"month" date NOT NULL,
	"event_id" integer NOT NULL,
	"organizer_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"tickets_sold" integer DEFAULT 0 NOT NULL,
	"tickets_refunded" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_monthly_sales_ticket_category_id_month_pk" PRIMARY KEY("ticket_category_id","month")
);
--> statement-breakpoint
CREATE INDEX "category_monthly_sales_organizer_idx" ON "category_monthly_sales" USING btree ("organizer_id","month");
--> statement-breakpoint
CREATE INDEX "category_monthly_sales_event_idx" ON "category_monthly_sales" USING btree ("event_id","month");
--> statement-breakpoint
INSERT INTO category_monthly_sales (ticket_category_id, month, event_id, organizer_id, currency,
    gross, tickets_sold, tickets_refunded)
  SELECT ticket_category_id, date_trunc('month', day)::date, min(event_id), min(organizer_id::text)::uuid,
         min(currency), sum(gross), sum(tickets_sold), sum(tickets_refunded)
    FROM category_sales_rollups GROUP BY 1, 2;
--> statement-breakpoint
-- Whatever a category's day gains, its month gains.
CREATE FUNCTION hafla_category_month() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO category_monthly_sales AS m (ticket_category_id, month, event_id, organizer_id,
      currency, gross, tickets_sold, tickets_refunded)
    VALUES (NEW.ticket_category_id, date_trunc('month', NEW.day)::date, NEW.event_id,
      NEW.organizer_id, NEW.currency,
      NEW.gross - CASE WHEN TG_OP = 'UPDATE' THEN OLD.gross ELSE 0 END,
      NEW.tickets_sold - CASE WHEN TG_OP = 'UPDATE' THEN OLD.tickets_sold ELSE 0 END,
      NEW.tickets_refunded - CASE WHEN TG_OP = 'UPDATE' THEN OLD.tickets_refunded ELSE 0 END)
    ON CONFLICT (ticket_category_id, month) DO UPDATE SET
      gross = m.gross + excluded.gross, tickets_sold = m.tickets_sold + excluded.tickets_sold,
      tickets_refunded = m.tickets_refunded + excluded.tickets_refunded;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER category_sales_rollups_month AFTER INSERT OR UPDATE ON category_sales_rollups
  FOR EACH ROW EXECUTE FUNCTION hafla_category_month();
