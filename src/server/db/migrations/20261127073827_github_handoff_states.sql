ALTER TABLE "github_connections" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "github_user_authorizations" ADD COLUMN "refresh_claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "handoffs" ADD COLUMN "issue_marker" text;--> statement-breakpoint
ALTER TABLE "handoffs" ADD COLUMN "paused_from" text;--> statement-breakpoint
ALTER TABLE "handoffs" ADD COLUMN "last_sign_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "github_deliveries" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "github_deliveries" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "github_deliveries" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "handoffs_marker" ON "handoffs" USING btree ("issue_marker");