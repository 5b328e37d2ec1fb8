CREATE TABLE "benchmark_assessments" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"created_by" text NOT NULL,
	"rubric_version" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"date_created" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "benchmark_assessments" ADD CONSTRAINT "benchmark_assessments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "benchmark_assessments_team_created" ON "benchmark_assessments" USING btree ("team_id","date_created");