CREATE TABLE "items" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"link_id" text NOT NULL,
	"external_id" text NOT NULL,
	"item_type" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"workflow_status" integer DEFAULT 0 NOT NULL,
	"coding_agent_url" text,
	"pull_request_url" text,
	"parent_context_item_id" text,
	"goals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_date" date,
	"completion_date" timestamp with time zone,
	"implementation_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"project_pattern_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"local_pattern_data" jsonb DEFAULT '{"patterns":[],"patternConnections":[]}'::jsonb NOT NULL,
	"new_test_scenarios" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "items"."external_id" || ' ' || "items"."description")) STORED,
	CONSTRAINT "items_link_id_unique" UNIQUE("link_id"),
	CONSTRAINT "items_team_external_id" UNIQUE("team_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "project_contexts" (
	"project_id" text NOT NULL,
	"item_id" text NOT NULL,
	"team_id" text NOT NULL,
	"sort_key" double precision NOT NULL,
	"scope" integer NOT NULL,
	"timeframe_span" integer,
	"timeframe_index" integer,
	"assigned_to_user_id" text,
	CONSTRAINT "project_contexts_project_id_item_id_pk" PRIMARY KEY("project_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "assignment_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"item_id" text NOT NULL,
	"date_updated" timestamp with time zone NOT NULL,
	"scope" integer NOT NULL,
	"timeframe_span" integer,
	"timeframe_index" integer,
	"assigned_to_user_id" text
);
--> statement-breakpoint
CREATE TABLE "agent_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"plan" text NOT NULL,
	"billing_period" integer NOT NULL,
	"add_ons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_contexts" ADD CONSTRAINT "project_contexts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_contexts" ADD CONSTRAINT "project_contexts_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_history" ADD CONSTRAINT "assignment_history_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_history" ADD CONSTRAINT "assignment_history_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_actions" ADD CONSTRAINT "agent_actions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "items_team_id" ON "items" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "items_search_vector" ON "items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "project_contexts_bucket" ON "project_contexts" USING btree ("project_id","scope","timeframe_span","timeframe_index","sort_key");--> statement-breakpoint
CREATE INDEX "project_contexts_item_id" ON "project_contexts" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "assignment_history_item" ON "assignment_history" USING btree ("project_id","item_id","id");--> statement-breakpoint
CREATE INDEX "agent_actions_account_month" ON "agent_actions" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "checkouts_account_id" ON "checkouts" USING btree ("account_id");