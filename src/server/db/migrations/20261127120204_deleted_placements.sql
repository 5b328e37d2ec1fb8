CREATE TABLE "deleted_placements" (
	"project_id" text NOT NULL,
	"item_id" text NOT NULL,
	"team_id" text NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL,
	"item" jsonb,
	"context" jsonb NOT NULL,
	"history" jsonb NOT NULL,
	"handoffs" jsonb,
	CONSTRAINT "deleted_placements_project_id_item_id_pk" PRIMARY KEY("project_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "deleted_placements" ADD CONSTRAINT "deleted_placements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_placements" ADD CONSTRAINT "deleted_placements_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_placements_team" ON "deleted_placements" USING btree ("team_id","deleted_at");