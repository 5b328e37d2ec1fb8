CREATE TABLE "github_setup_claims" (
	"nonce" text PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
