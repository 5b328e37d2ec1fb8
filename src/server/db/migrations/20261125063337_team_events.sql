CREATE TABLE "team_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "team_events_team" ON "team_events" USING btree ("team_id","id");--> statement-breakpoint
CREATE INDEX "team_events_created" ON "team_events" USING btree ("created_at");