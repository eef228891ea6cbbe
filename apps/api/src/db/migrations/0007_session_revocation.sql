ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sessions_valid_from" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "refresh_tokens_revoked_idx" ON "refresh_tokens" USING btree ("revoked_at") WHERE "refresh_tokens"."revoked_at" is not null;--> statement-breakpoint
CREATE INDEX "users_session_changed_idx" ON "users" USING btree ("session_changed_at") WHERE "users"."session_changed_at" is not null;