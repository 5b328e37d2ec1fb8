CREATE TABLE "github_user_authorizations" (
	"user_id" text PRIMARY KEY NOT NULL,
	"github_user_id" bigint NOT NULL,
	"github_login" text NOT NULL,
	"access_token" text NOT NULL,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token" text,
	"refresh_token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "handoffs" ADD COLUMN "branch" text;--> statement-breakpoint
ALTER TABLE "handoffs" ADD COLUMN "job_url" text;--> statement-breakpoint
ALTER TABLE "handoffs" ADD COLUMN "run_id" bigint;--> statement-breakpoint
ALTER TABLE "handoffs" ADD COLUMN "pull_requests" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "github_user_authorizations" ADD CONSTRAINT "github_user_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "github_user_authorizations_github_user" ON "github_user_authorizations" USING btree ("github_user_id");--> statement-breakpoint
CREATE INDEX "handoffs_run" ON "handoffs" USING btree ("run_id");