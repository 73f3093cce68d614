CREATE TABLE "open_lesson_uploads" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"declared_bytes" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "open_lesson_uploads_staff_idx" ON "open_lesson_uploads" USING btree ("staff_id");