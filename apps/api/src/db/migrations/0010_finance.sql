CREATE TABLE "category_sales_rollups" (
	"ticket_category_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"organizer_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"tickets_sold" integer DEFAULT 0 NOT NULL,
	"tickets_refunded" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_sales_rollups_ticket_category_id_day_pk" PRIMARY KEY("ticket_category_id","day")
);
--> statement-breakpoint
CREATE TABLE "event_page_views" (
	"event_id" integer NOT NULL,
	"organizer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_page_views_event_id_day_pk" PRIMARY KEY("event_id","day")
);
--> statement-breakpoint
CREATE TABLE "event_sales_rollups" (
	"event_id" integer NOT NULL,
	"currency" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"fees" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"tickets_sold" integer DEFAULT 0 NOT NULL,
	"tickets_refunded" integer DEFAULT 0 NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_sales_rollups_event_id_currency_bucket_pk" PRIMARY KEY("event_id","currency","bucket")
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journal_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"organizer_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"event_id" integer,
	"booking_id" integer,
	"refund_id" integer,
	"withdrawal_id" integer,
	"gross" bigint NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"platform_fee" bigint DEFAULT 0 NOT NULL,
	"net" bigint NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	"available_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_kind_check" CHECK ("journal_entries"."kind" in ('sale', 'refund', 'withdrawal_reserved', 'withdrawal_released', 'withdrawal_paid')),
	CONSTRAINT "journal_entries_net_check" CHECK ("journal_entries"."net" = "journal_entries"."gross" - "journal_entries"."discount" - "journal_entries"."platform_fee"),
	CONSTRAINT "journal_entries_source_check" CHECK (case when "journal_entries"."kind" in ('sale', 'refund') then "journal_entries"."booking_id" is not null and "journal_entries"."event_id" is not null and "journal_entries"."available_at" is not null else "journal_entries"."withdrawal_id" is not null end)
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"account" text NOT NULL,
	"organizer_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"available_at" timestamp with time zone,
	CONSTRAINT "ledger_postings_account_check" CHECK ("ledger_postings"."account" in ('buyer_payments', 'refunds', 'platform_fees', 'organizer_pending', 'organizer_available', 'organizer_reserved', 'organizer_paid_out')),
	CONSTRAINT "ledger_postings_available_check" CHECK (("ledger_postings"."account" = 'organizer_pending') = ("ledger_postings"."available_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "organizer_sales_rollups" (
	"organizer_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"fees" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"tickets_sold" integer DEFAULT 0 NOT NULL,
	"tickets_refunded" integer DEFAULT 0 NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "organizer_sales_rollups_organizer_id_currency_bucket_pk" PRIMARY KEY("organizer_id","currency","bucket")
);
--> statement-breakpoint
CREATE TABLE "withdrawal_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizer_id" uuid NOT NULL,
	"bank_name" text NOT NULL,
	"account_holder" text NOT NULL,
	"iban" text NOT NULL,
	"swift" text NOT NULL,
	"currency" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_status_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"withdrawal_id" integer NOT NULL,
	"status" text NOT NULL,
	"by_role" text NOT NULL,
	"actor_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_status_changes_by_check" CHECK ("withdrawal_status_changes"."by_role" in ('organizer', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizer_id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"rejection_reason" text,
	"transfer_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('requested', 'approved', 'paid', 'rejected', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_accounts" ADD CONSTRAINT "withdrawal_accounts_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_status_changes" ADD CONSTRAINT "withdrawal_status_changes_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_status_changes" ADD CONSTRAINT "withdrawal_status_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_account_id_withdrawal_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."withdrawal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_sales_rollups_organizer_idx" ON "category_sales_rollups" USING btree ("organizer_id","day");--> statement-breakpoint
CREATE INDEX "category_sales_rollups_event_idx" ON "category_sales_rollups" USING btree ("event_id","day");--> statement-breakpoint
CREATE INDEX "event_page_views_organizer_idx" ON "event_page_views" USING btree ("organizer_id","day");--> statement-breakpoint
CREATE INDEX "journal_entries_organizer_idx" ON "journal_entries" USING btree ("organizer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "journal_entries_event_idx" ON "journal_entries" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "journal_entries_booking_idx" ON "journal_entries" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "journal_entries_withdrawal_idx" ON "journal_entries" USING btree ("withdrawal_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_idx" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_balance_idx" ON "ledger_postings" USING btree ("organizer_id","currency","account","available_at");--> statement-breakpoint
CREATE INDEX "withdrawal_accounts_organizer_idx" ON "withdrawal_accounts" USING btree ("organizer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_accounts_one_default" ON "withdrawal_accounts" USING btree ("organizer_id") WHERE "withdrawal_accounts"."is_default" and "withdrawal_accounts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "withdrawal_status_changes_withdrawal_idx" ON "withdrawal_status_changes" USING btree ("withdrawal_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_organizer_idx" ON "withdrawals" USING btree ("organizer_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_account_idx" ON "withdrawals" USING btree ("account_id");--> statement-breakpoint
-- The ledger is append-only: a correction is a new entry, never an edit or a deletion.
CREATE FUNCTION hafla_journal_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION hafla_journal_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION hafla_journal_append_only();
--> statement-breakpoint
-- Every entry balances: at commit (deferred), its postings are at least two and sum to zero.
CREATE FUNCTION hafla_journal_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  lines integer;
BEGIN
  SELECT coalesce(sum(amount), 0), count(*) INTO total, lines
    FROM ledger_postings WHERE entry_id = NEW.id;
  IF lines < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance: % over % postings', NEW.id, total, lines
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION hafla_journal_balanced();
--> statement-breakpoint
-- Postings added in one statement balance per entry, so none can be added to an entry later.
CREATE FUNCTION hafla_postings_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM inserted GROUP BY entry_id HAVING sum(amount) <> 0) THEN
    RAISE EXCEPTION 'ledger postings do not balance per entry' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION hafla_postings_balanced();
--> statement-breakpoint
-- The dashboard's rollups move with each sale and refund, in its transaction: quarter hours in
-- UTC, so any time zone's days are whole buckets. Sales' fees count, refunds' fees count back.
CREATE FUNCTION hafla_journal_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  q timestamptz := date_bin('15 minutes', NEW.created_at, timestamptz '2000-01-01 00:00:00+00');
  sale boolean := NEW.kind = 'sale';
  local_day date;
BEGIN
  IF NEW.kind NOT IN ('sale', 'refund') THEN
    RETURN NULL;
  END IF;
  SELECT (NEW.created_at AT TIME ZONE e.timezone)::date INTO local_day
    FROM events e WHERE e.id = NEW.event_id;
  INSERT INTO organizer_sales_rollups AS r (organizer_id, currency, bucket, gross, discount, fees,
      refunded, net, tickets_sold, tickets_refunded, bookings, refunds)
    VALUES (NEW.organizer_id, NEW.currency, q,
      CASE WHEN sale THEN NEW.gross ELSE 0 END, CASE WHEN sale THEN NEW.discount ELSE 0 END,
      NEW.platform_fee, CASE WHEN sale THEN 0 ELSE NEW.discount - NEW.gross END, NEW.net,
      CASE WHEN sale THEN NEW.tickets ELSE 0 END, CASE WHEN sale THEN 0 ELSE NEW.tickets END,
      CASE WHEN sale THEN 1 ELSE 0 END, CASE WHEN sale THEN 0 ELSE 1 END)
    ON CONFLICT (organizer_id, currency, bucket) DO UPDATE SET
      gross = r.gross + excluded.gross, discount = r.discount + excluded.discount,
      fees = r.fees + excluded.fees, refunded = r.refunded + excluded.refunded,
      net = r.net + excluded.net, tickets_sold = r.tickets_sold + excluded.tickets_sold,
      tickets_refunded = r.tickets_refunded + excluded.tickets_refunded,
      bookings = r.bookings + excluded.bookings, refunds = r.refunds + excluded.refunds;
  INSERT INTO event_sales_rollups AS r (event_id, currency, bucket, gross, discount, fees,
      refunded, net, tickets_sold, tickets_refunded, bookings, refunds)
    VALUES (NEW.event_id, NEW.currency, q,
      CASE WHEN sale THEN NEW.gross ELSE 0 END, CASE WHEN sale THEN NEW.discount ELSE 0 END,
      NEW.platform_fee, CASE WHEN sale THEN 0 ELSE NEW.discount - NEW.gross END, NEW.net,
      CASE WHEN sale THEN NEW.tickets ELSE 0 END, CASE WHEN sale THEN 0 ELSE NEW.tickets END,
      CASE WHEN sale THEN 1 ELSE 0 END, CASE WHEN sale THEN 0 ELSE 1 END)
    ON CONFLICT (event_id, currency, bucket) DO UPDATE SET
      gross = r.gross + excluded.gross, discount = r.discount + excluded.discount,
      fees = r.fees + excluded.fees, refunded = r.refunded + excluded.refunded,
      net = r.net + excluded.net, tickets_sold = r.tickets_sold + excluded.tickets_sold,
      tickets_refunded = r.tickets_refunded + excluded.tickets_refunded,
      bookings = r.bookings + excluded.bookings, refunds = r.refunds + excluded.refunds;
  IF sale THEN
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
CREATE TRIGGER journal_entries_rollup AFTER INSERT ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION hafla_journal_rollup();
--> statement-breakpoint
-- The single-row ledger of 0004 becomes entries with their postings (same ids).
INSERT INTO journal_entries (id, kind, organizer_id, currency, event_id, booking_id, refund_id,
    gross, discount, platform_fee, net, tickets, available_at, created_at) OVERRIDING SYSTEM VALUE
  SELECT l.id, l.kind, l.organizer_id, l.currency, l.event_id, l.booking_id, l.refund_id, l.gross,
         l.discount, l.platform_fee, l.net,
         CASE WHEN l.kind = 'sale'
              THEN (SELECT count(*) FROM tickets t WHERE t.booking_id = l.booking_id)
              ELSE coalesce((SELECT cardinality(f.ticket_ids) FROM refunds f WHERE f.id = l.refund_id), 0)
         END,
         l.available_at, l.created_at
    FROM ledger_entries l ORDER BY l.id;
--> statement-breakpoint
INSERT INTO ledger_postings (entry_id, account, organizer_id, currency, amount, available_at)
  SELECT l.id, p.account, l.organizer_id, l.currency, p.amount, p.available_at
    FROM ledger_entries l
   CROSS JOIN LATERAL (VALUES
     (CASE WHEN l.kind = 'sale' THEN 'buyer_payments' ELSE 'refunds' END,
      -(l.gross - l.discount)::bigint, NULL::timestamptz),
     ('organizer_pending', l.net::bigint, l.available_at),
     ('platform_fees', l.platform_fee::bigint, NULL::timestamptz)) AS p (account, amount, available_at)
   ORDER BY l.id;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('journal_entries', 'id'),
              coalesce((SELECT max(id) FROM journal_entries), 0) + 1, false);
--> statement-breakpoint
DROP TABLE "ledger_entries" CASCADE;
--> statement-breakpoint
DROP FUNCTION hafla_ledger_append_only();
--> statement-breakpoint
-- Withdrawal notifications are about no event.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "event_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('ticket', 'event', 'withdrawal'));
