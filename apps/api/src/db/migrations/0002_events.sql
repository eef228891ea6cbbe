CREATE TABLE "event_dates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_dates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_dates_order_check" CHECK ("event_dates"."start_at" < "event_dates"."end_at")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" integer NOT NULL,
	"event_type_id" integer NOT NULL,
	"cover_key" text,
	"venue_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"is_online" boolean DEFAULT false NOT NULL,
	"online_url" text,
	"timezone" text NOT NULL,
	"currency" text NOT NULL,
	"requires_approval" boolean DEFAULT false NOT NULL,
	"max_tickets_per_order" integer DEFAULT 10 NOT NULL,
	"refundable_until_hours" integer DEFAULT 24 NOT NULL,
	"refund_percentage" integer DEFAULT 100 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"search_document" "tsvector",
	"first_start_at" timestamp with time zone,
	"last_end_at" timestamp with time zone,
	"min_price" integer,
	"max_price" integer,
	"wishlist_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_status_check" CHECK ("events"."status" in ('draft', 'published', 'cancelled')),
	CONSTRAINT "events_coordinates_check" CHECK (("events"."latitude" is null) = ("events"."longitude" is null) and coalesce("events"."latitude" between -90 and 90, true) and coalesce("events"."longitude" between -180 and 180, true)),
	CONSTRAINT "events_currency_check" CHECK ("events"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "events_max_tickets_check" CHECK ("events"."max_tickets_per_order" between 1 and 100),
	CONSTRAINT "events_refund_policy_check" CHECK ("events"."refundable_until_hours" >= 0 and "events"."refund_percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"code" text NOT NULL,
	"discount_type" text NOT NULL,
	"value" integer NOT NULL,
	"max_uses" integer,
	"max_uses_per_user" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"ticket_category_ids" integer[] DEFAULT '{}' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_type_check" CHECK ("promo_codes"."discount_type" in ('percentage', 'fixed')),
	CONSTRAINT "promo_codes_value_check" CHECK ("promo_codes"."value" >= 1 and ("promo_codes"."discount_type" = 'fixed' or "promo_codes"."value" <= 100)),
	CONSTRAINT "promo_codes_limits_check" CHECK (coalesce("promo_codes"."max_uses", 1) >= 1 and coalesce("promo_codes"."max_uses_per_user", 1) >= 1 and "promo_codes"."uses" >= 0),
	CONSTRAINT "promo_codes_window_check" CHECK ("promo_codes"."valid_from" is null or "promo_codes"."valid_until" is null or "promo_codes"."valid_from" < "promo_codes"."valid_until")
);
--> statement-breakpoint
CREATE TABLE "ticket_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"sales_start" timestamp with time zone,
	"sales_end" timestamp with time zone,
	"min_per_order" integer DEFAULT 1 NOT NULL,
	"max_per_order" integer DEFAULT 10 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_categories_price_check" CHECK ("ticket_categories"."price" >= 0),
	CONSTRAINT "ticket_categories_quantity_check" CHECK ("ticket_categories"."quantity" >= 1),
	CONSTRAINT "ticket_categories_per_order_check" CHECK ("ticket_categories"."min_per_order" >= 1 and "ticket_categories"."max_per_order" >= "ticket_categories"."min_per_order"),
	CONSTRAINT "ticket_categories_sales_window_check" CHECK ("ticket_categories"."sales_start" is null or "ticket_categories"."sales_end" is null or "ticket_categories"."sales_start" < "ticket_categories"."sales_end")
);
--> statement-breakpoint
CREATE TABLE "ticket_inventory" (
	"event_date_id" integer NOT NULL,
	"ticket_category_id" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_inventory_event_date_id_ticket_category_id_pk" PRIMARY KEY("event_date_id","ticket_category_id"),
	CONSTRAINT "ticket_inventory_sold_check" CHECK ("ticket_inventory"."sold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"follower_id" uuid NOT NULL,
	"organizer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_organizer_id_pk" PRIMARY KEY("follower_id","organizer_id"),
	CONSTRAINT "follows_not_self" CHECK ("follows"."follower_id" <> "follows"."organizer_id")
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"user_id" uuid NOT NULL,
	"event_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_user_id_event_id_pk" PRIMARY KEY("user_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "event_dates" ADD CONSTRAINT "event_dates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_categories" ADD CONSTRAINT "ticket_categories_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_inventory" ADD CONSTRAINT "ticket_inventory_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_inventory" ADD CONSTRAINT "ticket_inventory_ticket_category_id_ticket_categories_id_fk" FOREIGN KEY ("ticket_category_id") REFERENCES "public"."ticket_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_dates_start_idx" ON "event_dates" USING btree ("start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_dates_event_start_unique" ON "event_dates" USING btree ("event_id","start_at");--> statement-breakpoint
CREATE INDEX "events_organizer_idx" ON "events" USING btree ("organizer_id","created_at");--> statement-breakpoint
CREATE INDEX "events_published_idx" ON "events" USING btree ("last_end_at","first_start_at") WHERE "events"."status" = 'published';--> statement-breakpoint
CREATE INDEX "events_category_idx" ON "events" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "events_location_idx" ON "events" USING gist (point("longitude", "latitude")) WHERE "events"."latitude" is not null and "events"."longitude" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_event_code_unique" ON "promo_codes" USING btree ("event_id",upper("code"));--> statement-breakpoint
CREATE INDEX "ticket_categories_event_idx" ON "ticket_categories" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "ticket_inventory_category_idx" ON "ticket_inventory" USING btree ("ticket_category_id");--> statement-breakpoint
CREATE INDEX "follows_organizer_idx" ON "follows" USING btree ("organizer_id","created_at");--> statement-breakpoint
CREATE INDEX "wishlist_items_user_idx" ON "wishlist_items" USING btree ("user_id","created_at");--> statement-breakpoint
-- Search text is folded the same way when stored and when searched (hafla_search_query below; used by modules/discovery/queries.ts):
-- lower case, Arabic hamza/alef forms to bare alef, alef maqsura to yeh, teh marbuta to heh,
-- tatweel and short-vowel marks dropped, the article "ال" taken off a word's front, so
-- "مؤتمر", "المؤتمر" and "مُؤتمَر" meet.
CREATE FUNCTION hafla_fold_search_text(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(
    translate(lower(coalesce(input, '')), 'أإآٱىةـًٌٍَُِّْ', 'اااايه'),
    '(^|\s)ال(\S\S)', '\1\2', 'g')
$$;
--> statement-breakpoint
-- What a person types becomes a prefix query over the same folded words: "مؤتم نور" finds
-- "مؤتمر ... نور للفعاليات". Every word must match; the words are quoted, so no input is syntax.
CREATE FUNCTION hafla_search_query(input text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsquery('simple', coalesce(nullif(array_to_string(ARRAY(
    SELECT quote_literal(lexeme) || ':*' FROM unnest(to_tsvector('simple', hafla_fold_search_text(input)))
  ), ' & '), ''), ''))
$$;
--> statement-breakpoint
CREATE FUNCTION events_set_search_document() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  organizer_name text;
BEGIN
  SELECT concat_ws(' ', u.organization_name, u.first_name, u.last_name)
    INTO organizer_name FROM users u WHERE u.id = NEW.organizer_id;
  NEW.search_document :=
    setweight(to_tsvector('simple', hafla_fold_search_text(NEW.title)), 'A') ||
    setweight(to_tsvector('simple', hafla_fold_search_text(organizer_name)), 'B') ||
    setweight(to_tsvector('simple', hafla_fold_search_text(NEW.venue_name || ' ' || NEW.address)), 'B') ||
    setweight(to_tsvector('simple', hafla_fold_search_text(NEW.description)), 'C');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER events_search_document
BEFORE INSERT OR UPDATE OF title, description, venue_name, address, organizer_id ON events
FOR EACH ROW EXECUTE FUNCTION events_set_search_document();
--> statement-breakpoint
-- An organizer renaming themselves re-indexes their events (assigning a column fires the trigger above).
CREATE FUNCTION users_reindex_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE events SET organizer_id = organizer_id WHERE organizer_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_reindex_events
AFTER UPDATE OF organization_name, first_name, last_name ON users
FOR EACH ROW
WHEN (OLD.organization_name IS DISTINCT FROM NEW.organization_name
   OR OLD.first_name IS DISTINCT FROM NEW.first_name
   OR OLD.last_name IS DISTINCT FROM NEW.last_name)
EXECUTE FUNCTION users_reindex_events();
--> statement-breakpoint
-- The span of an event's dates and the range of its prices live on the event row, so discovery
-- filters and sorts one table. Statement-level triggers: a bulk insert of 90 slots updates it once.
CREATE FUNCTION events_refresh_derived(event_ids integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE events e
  SET first_start_at = (SELECT min(d.start_at) FROM event_dates d WHERE d.event_id = e.id),
      last_end_at = (SELECT max(d.end_at) FROM event_dates d WHERE d.event_id = e.id),
      min_price = (SELECT min(c.price) FROM ticket_categories c WHERE c.event_id = e.id),
      max_price = (SELECT max(c.price) FROM ticket_categories c WHERE c.event_id = e.id)
  WHERE e.id = ANY(event_ids)
$$;
--> statement-breakpoint
CREATE FUNCTION refresh_events_from_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM events_refresh_derived(ARRAY(SELECT DISTINCT event_id FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION refresh_events_from_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM events_refresh_derived(ARRAY(SELECT DISTINCT event_id FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER event_dates_derived_insert AFTER INSERT ON event_dates
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_events_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER event_dates_derived_update AFTER UPDATE ON event_dates
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_events_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER event_dates_derived_delete AFTER DELETE ON event_dates
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_events_from_old_rows();
--> statement-breakpoint
CREATE TRIGGER ticket_categories_derived_insert AFTER INSERT ON ticket_categories
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_events_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER ticket_categories_derived_update AFTER UPDATE ON ticket_categories
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_events_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER ticket_categories_derived_delete AFTER DELETE ON ticket_categories
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_events_from_old_rows();
--> statement-breakpoint
CREATE FUNCTION wishlist_items_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE events SET wishlist_count = wishlist_count + 1 WHERE id = NEW.event_id;
  ELSE
    UPDATE events SET wishlist_count = wishlist_count - 1 WHERE id = OLD.event_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER wishlist_items_count AFTER INSERT OR DELETE ON wishlist_items
FOR EACH ROW EXECUTE FUNCTION wishlist_items_count();
