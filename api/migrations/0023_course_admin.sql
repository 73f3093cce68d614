CREATE TABLE "course_lessons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_lessons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"version" integer NOT NULL,
	"video_path" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"face_check_percents" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "course_lessons_duration" CHECK ("course_lessons"."duration_seconds" > 0)
);
--> statement-breakpoint
ALTER TABLE "academic_years" ADD COLUMN "opens_on" date;--> statement-breakpoint
ALTER TABLE "academic_years" ADD COLUMN "closes_on" date;--> statement-breakpoint
ALTER TABLE "academic_years" ADD COLUMN "hour_price_fen" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "quiz_percents" smallint[] DEFAULT '{35,50,65,80,95}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "course_progress" ADD COLUMN "lesson_id" integer;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_lessons_course_version_idx" ON "course_lessons" USING btree ("course_id","version");--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE no action ON UPDATE no action;