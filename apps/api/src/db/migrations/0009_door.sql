CREATE TABLE "check_ins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "check_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text DEFAULT 'scan' NOT NULL,
	"event_id" integer NOT NULL,
	"ticket_id" integer,
	"user_id" uuid NOT NULL,
	"result" text,
	"nonce" text,
	"device" text,
	"scanned_at" timestamp with time zone NOT NULL,
	"reverses_id" integer,
	"answer_checked_in_at" timestamp with time zone,
	"answer_checked_in_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_kind_check" CHECK ("check_ins"."kind" in ('scan', 'undo')),
	CONSTRAINT "check_ins_result_check" CHECK (("check_ins"."kind" = 'undo' and "check_ins"."result" is null) or "check_ins"."result" in ('ok', 'already_checked_in', 'invalid', 'wrong_event', 'wrong_date', 'pending_approval', 'rejected', 'cancelled', 'refunded', 'not_paid'))
);
--> statement-breakpoint
CREATE TABLE "ushers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ushers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'steward' NOT NULL,
	"event_ids" integer[],
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ushers_role_check" CHECK ("ushers"."role" in ('steward', 'supervisor')),
	CONSTRAINT "ushers_email_normalised" CHECK ("ushers"."email" = lower(btrim("ushers"."email")))
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason_check";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "checked_in_by" uuid;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_answer_checked_in_by_users_id_fk" FOREIGN KEY ("answer_checked_in_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ushers" ADD CONSTRAINT "ushers_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_user_nonce_unique" ON "check_ins" USING btree ("user_id","nonce") WHERE "check_ins"."nonce" is not null;--> statement-breakpoint
CREATE INDEX "check_ins_ticket_idx" ON "check_ins" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "check_ins_event_idx" ON "check_ins" USING btree ("event_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ushers_organizer_email_unique" ON "ushers" USING btree ("organizer_id","email");--> statement-breakpoint
CREATE INDEX "ushers_email_idx" ON "ushers" USING btree ("email");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_event_changed_idx" ON "tickets" USING btree ("event_id","updated_at","id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_check" CHECK ("refunds"."reason" in ('requested', 'event_cancelled', 'hold_lapsed', 'rejected'));--> statement-breakpoint
-- Door scans and undos are append-only: an undo is a new row, never an edit or a deletion.
CREATE FUNCTION hafla_check_ins_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'check_ins is append-only' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER check_ins_append_only BEFORE UPDATE OR DELETE ON check_ins
  FOR EACH ROW EXECUTE FUNCTION hafla_check_ins_append_only();
--> statement-breakpoint
-- Every change to a ticket moves its updated_at, whichever module made it: the offline
-- check-in list sends a device the tickets changed since its cursor (decision 0014).
CREATE FUNCTION hafla_tickets_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tickets_touch BEFORE UPDATE ON tickets
  FOR EACH ROW EXECUTE FUNCTION hafla_tickets_touch();
