CREATE TABLE "context_items" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"kind" text,
	"parent_context_item_id" text,
	"created_by" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"kind" text NOT NULL,
	"scope_id" text NOT NULL,
	"project_id" text,
	"item_id" text,
	"step" text,
	"input_model" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"drafted_by" text,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_drafts_scope" UNIQUE("team_id","kind","scope_id")
);
--> statement-breakpoint
ALTER TABLE "context_items" ADD CONSTRAINT "context_items_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "context_items" ADD CONSTRAINT "context_items_parent_context_item_id_context_items_id_fk" FOREIGN KEY ("parent_context_item_id") REFERENCES "public"."context_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_drafts" ADD CONSTRAINT "agent_drafts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_drafts" ADD CONSTRAINT "agent_drafts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_drafts" ADD CONSTRAINT "agent_drafts_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "context_items_team_id" ON "context_items" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "context_items_parent" ON "context_items" USING btree ("parent_context_item_id");--> statement-breakpoint
-- Until now nothing could be a context item, so any id stored here points nowhere.
UPDATE "items" SET "parent_context_item_id" = NULL WHERE "parent_context_item_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_parent_context_item_id_context_items_id_fk" FOREIGN KEY ("parent_context_item_id") REFERENCES "public"."context_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "items_parent_context_item_id" ON "items" USING btree ("parent_context_item_id");