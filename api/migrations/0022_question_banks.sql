DROP INDEX "exam_papers_one_open_idx";--> statement-breakpoint
DROP INDEX "exam_questions_year_type_title_idx";--> statement-breakpoint
ALTER TABLE "exam_papers" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD CONSTRAINT "exam_papers_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_questions_course_title_idx" ON "exam_questions" USING btree ("course_id","title") WHERE "exam_questions"."course_id" is not null and "exam_questions"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "exam_questions_course_idx" ON "exam_questions" USING btree ("course_id","qtype");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_papers_one_open_idx" ON "exam_papers" USING btree ("learner_id","year","exam_type",coalesce("course_id", 0)) WHERE "exam_papers"."submitted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_questions_year_type_title_idx" ON "exam_questions" USING btree ("year","exam_type","title") WHERE "exam_questions"."course_id" is null;