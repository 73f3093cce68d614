CREATE TABLE "release_canaries" (
	"environment" text NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"percent" smallint NOT NULL,
	"started_by" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "release_canaries_environment_remote_pk" PRIMARY KEY("environment","remote")
);
--> statement-breakpoint
CREATE TABLE "release_environments" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"remote" text NOT NULL,
	"action" text NOT NULL,
	"from_version" text,
	"to_version" text,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_load_counts" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "release_load_counts_remote_version_kind_pk" PRIMARY KEY("remote","version","kind")
);
--> statement-breakpoint
CREATE TABLE "release_pins" (
	"environment" text NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "release_pins_environment_remote_pk" PRIMARY KEY("environment","remote")
);
--> statement-breakpoint
CREATE TABLE "release_remotes" (
	"key" text PRIMARY KEY NOT NULL,
	"federation_name" text NOT NULL,
	"section" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "release_remotes_federation_name_unique" UNIQUE("federation_name")
);
--> statement-breakpoint
CREATE TABLE "release_versions" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"content_hash" text NOT NULL,
	"manifest" jsonb NOT NULL,
	"shared" jsonb NOT NULL,
	"exposes" jsonb NOT NULL,
	"routes" jsonb NOT NULL,
	"publisher" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "release_versions_remote_version_pk" PRIMARY KEY("remote","version")
);
--> statement-breakpoint
CREATE INDEX "release_history_remote" ON "release_history" USING btree ("remote","id");