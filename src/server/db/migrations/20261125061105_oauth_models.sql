CREATE TABLE "oauth_models" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"account_id" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oauth_models_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE INDEX "oauth_models_grant" ON "oauth_models" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oauth_models_uid" ON "oauth_models" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oauth_models_account" ON "oauth_models" USING btree ("kind","account_id");--> statement-breakpoint
CREATE INDEX "oauth_models_expires" ON "oauth_models" USING btree ("expires_at");