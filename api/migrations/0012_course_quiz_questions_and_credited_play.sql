ALTER TABLE "public_quiz_questions" DROP CONSTRAINT "public_quiz_questions_title_unique";--> statement-breakpoint
ALTER TABLE "public_quiz_questions" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "study_sessions" ADD COLUMN "credited_until" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "public_quiz_questions" ADD CONSTRAINT "public_quiz_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_quiz_questions" ADD CONSTRAINT "public_quiz_questions_course_title" UNIQUE("course_id","title");