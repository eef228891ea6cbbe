CREATE TABLE "seat_chart_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seat_chart_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chart_id" integer NOT NULL,
	"version" integer NOT NULL,
	"chart" jsonb NOT NULL,
	"seat_count" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_chart_versions_version_check" CHECK ("seat_chart_versions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "seat_charts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seat_charts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"draft" jsonb NOT NULL,
	"draft_seat_count" integer DEFAULT 0 NOT NULL,
	"published_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_charts_published_version_check" CHECK ("seat_charts"."published_version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "seat_chart_versions" ADD CONSTRAINT "seat_chart_versions_chart_id_seat_charts_id_fk" FOREIGN KEY ("chart_id") REFERENCES "public"."seat_charts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_charts" ADD CONSTRAINT "seat_charts_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seat_chart_versions_chart_version_unique" ON "seat_chart_versions" USING btree ("chart_id","version");--> statement-breakpoint
CREATE INDEX "seat_charts_organizer_idx" ON "seat_charts" USING btree ("organizer_id","created_at");--> statement-breakpoint
-- A published version never changes (an event date that uses it keeps its seats); it goes only
-- with its chart, so DELETE (the cascade) stays allowed.
CREATE FUNCTION hafla_seat_chart_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'seat_chart_versions are immutable' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER seat_chart_versions_immutable BEFORE UPDATE ON seat_chart_versions
  FOR EACH ROW EXECUTE FUNCTION hafla_seat_chart_versions_immutable();
