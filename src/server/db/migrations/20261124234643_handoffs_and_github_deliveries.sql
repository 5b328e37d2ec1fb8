CREATE TABLE "handoff_events" (
	"id" text PRIMARY KEY NOT NULL,
	"handoff_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"sequence" bigserial NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"url" text
);
--> statement-breakpoint
CREATE TABLE "handoffs" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"item_id" text NOT NULL,
	"agent" text NOT NULL,
	"automation_kind" integer NOT NULL,
	"state" text NOT NULL,
	"repository" text,
	"base_branch" text,
	"issue_number" integer,
	"issue_url" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "github_deliveries" (
	"delivery_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"installation_id" bigint,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "handoff_events" ADD CONSTRAINT "handoff_events_handoff_id_handoffs_id_fk" FOREIGN KEY ("handoff_id") REFERENCES "public"."handoffs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handoff_events_handoff" ON "handoff_events" USING btree ("handoff_id","sequence");--> statement-breakpoint
CREATE INDEX "handoffs_item" ON "handoffs" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "handoffs_issue" ON "handoffs" USING btree ("repository","issue_number");--> statement-breakpoint
CREATE INDEX "github_deliveries_pending" ON "github_deliveries" USING btree ("processed_at","received_at");