CREATE TABLE "video_transcodes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_transcodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source_path" text NOT NULL,
	"status" text NOT NULL,
	"percent" smallint DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"master_path" text,
	"poster_path" text,
	"duration_seconds" integer,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_transcodes_status" CHECK ("video_transcodes"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "video_transcodes_percent" CHECK ("video_transcodes"."percent" between 0 and 100),
	CONSTRAINT "video_transcodes_done" CHECK (("video_transcodes"."status" = 'done') = ("video_transcodes"."master_path" is not null and "video_transcodes"."duration_seconds" > 0)),
	CONSTRAINT "video_transcodes_failed" CHECK (("video_transcodes"."status" = 'failed') = ("video_transcodes"."failure_reason" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "video_transcodes_source_idx" ON "video_transcodes" USING btree ("source_path");