CREATE TABLE "release_canary_visitors" (
	"environment" text NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"visitor" text NOT NULL,
	"address" text NOT NULL,
	"loads" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "release_canary_visitors_environment_remote_version_visitor_pk" PRIMARY KEY("environment","remote","version","visitor")
);
