CREATE TABLE "payment_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"gateway" text NOT NULL,
	"gateway_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"idempotency_key" text,
	"status" text DEFAULT 'charging' NOT NULL,
	"gateway_charge_id" text,
	"refund_id" integer,
	"refusal" text,
	"settle_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_status_check" CHECK ("payment_attempts"."status" in ('charging', 'applied', 'refunded', 'failed')),
	CONSTRAINT "payment_attempts_amount_check" CHECK ("payment_attempts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_booking_number_unique" ON "payment_attempts" USING btree ("booking_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_open_unique" ON "payment_attempts" USING btree ("booking_id") WHERE "payment_attempts"."status" = 'charging';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_gateway_key_unique" ON "payment_attempts" USING btree ("gateway","gateway_key");--> statement-breakpoint
CREATE INDEX "payment_attempts_refund_idx" ON "payment_attempts" USING btree ("refund_id") WHERE "payment_attempts"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_attempts_settle_idx" ON "payment_attempts" USING btree ("settle_after") WHERE "payment_attempts"."status" = 'charging';