-- Seat holds (decision 0020): a time slot pins a published chart version and maps its
-- categories to ticket categories; each seat of the slot is a row of event_date_seats whose
-- booking_id is its holder (null: free). The primary key and a conditional UPDATE make a seat
-- one holder's; the slot's own quantity in ticket_inventory is the seat count.
CREATE TABLE "event_date_seats" (
	"event_date_id" integer NOT NULL,
	"seat_id" text NOT NULL,
	"ticket_category_id" integer NOT NULL,
	"section_id" text NOT NULL,
	"section_label_en" text NOT NULL,
	"section_label_ar" text NOT NULL,
	"row_id" text NOT NULL,
	"row_label" text NOT NULL,
	"is_table" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"seat_label" text NOT NULL,
	"left_id" text,
	"right_id" text,
	"distance" double precision NOT NULL,
	"accessible" boolean DEFAULT false NOT NULL,
	"companion" boolean DEFAULT false NOT NULL,
	"booking_id" integer,
	"blocked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "event_date_seats_event_date_id_seat_id_pk" PRIMARY KEY("event_date_id","seat_id"),
	CONSTRAINT "event_date_seats_blocked_check" CHECK (not ("event_date_seats"."blocked" and "event_date_seats"."booking_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "seat_id" text;--> statement-breakpoint
ALTER TABLE "event_dates" ADD COLUMN "chart_version_id" integer;--> statement-breakpoint
ALTER TABLE "event_dates" ADD COLUMN "chart_categories" jsonb;--> statement-breakpoint
ALTER TABLE "ticket_inventory" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "ticket_inventory" ADD COLUMN "seated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_date_seats" ADD CONSTRAINT "event_date_seats_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_date_seats" ADD CONSTRAINT "event_date_seats_ticket_category_id_ticket_categories_id_fk" FOREIGN KEY ("ticket_category_id") REFERENCES "public"."ticket_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_date_seats" ADD CONSTRAINT "event_date_seats_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_date_seats_row_idx" ON "event_date_seats" USING btree ("event_date_id","row_id","position");--> statement-breakpoint
CREATE INDEX "event_date_seats_booking_idx" ON "event_date_seats" USING btree ("booking_id") WHERE "event_date_seats"."booking_id" is not null;--> statement-breakpoint
CREATE INDEX "event_date_seats_category_idx" ON "event_date_seats" USING btree ("ticket_category_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_seat_fk" FOREIGN KEY ("event_date_id","seat_id") REFERENCES "public"."event_date_seats"("event_date_id","seat_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_dates" ADD CONSTRAINT "event_dates_chart_version_id_seat_chart_versions_id_fk" FOREIGN KEY ("chart_version_id") REFERENCES "public"."seat_chart_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_dates_chart_version_idx" ON "event_dates" USING btree ("chart_version_id") WHERE "event_dates"."chart_version_id" is not null;--> statement-breakpoint
ALTER TABLE "event_dates" ADD CONSTRAINT "event_dates_chart_check" CHECK (("event_dates"."chart_version_id" is null) = ("event_dates"."chart_categories" is null));