CREATE TABLE "report_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"year" smallint NOT NULL,
	"report" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" text NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text,
	"rows" integer,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_exports_status" CHECK ("report_exports"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "report_exports_report" CHECK ("report_exports"."report" in ('summary', 'completed')),
	CONSTRAINT "report_exports_failed" CHECK (("report_exports"."status" = 'failed') = ("report_exports"."failure_reason" is not null))
);
--> statement-breakpoint
CREATE INDEX "report_exports_created_idx" ON "report_exports" USING btree ("created_at");