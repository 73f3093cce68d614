CREATE TABLE "course_progress" (
	"learner_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"verified_seconds" integer DEFAULT 0 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"grade" smallint,
	"comment" text DEFAULT '' NOT NULL,
	"rated_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "course_progress_learner_id_course_id_pk" PRIMARY KEY("learner_id","course_id"),
	CONSTRAINT "course_progress_verified" CHECK ("course_progress"."verified_seconds" >= 0),
	CONSTRAINT "course_progress_progress" CHECK ("course_progress"."progress" between 0 and 100),
	CONSTRAINT "course_progress_completed" CHECK (("course_progress"."progress" = 100) = ("course_progress"."completed_at" is not null)),
	CONSTRAINT "course_progress_grade" CHECK ("course_progress"."grade" between 1 and 4),
	CONSTRAINT "course_progress_rated" CHECK (("course_progress"."grade" is null) = ("course_progress"."rated_at" is null))
);
--> statement-breakpoint
CREATE TABLE "public_quiz_answers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "public_quiz_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"learner_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"percentage" smallint NOT NULL,
	"chosen" smallint NOT NULL,
	"correct" boolean NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_quiz_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "public_quiz_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"options" text[] NOT NULL,
	"answer" smallint NOT NULL,
	CONSTRAINT "public_quiz_questions_title_unique" UNIQUE("title"),
	CONSTRAINT "public_quiz_questions_answer" CHECK ("public_quiz_questions"."answer" >= 1 and "public_quiz_questions"."answer" <= cardinality("public_quiz_questions"."options"))
);
--> statement-breakpoint
CREATE TABLE "study_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "study_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"learner_id" integer NOT NULL,
	"course_id" integer,
	"session_id" integer,
	"received_at" timestamp with time zone NOT NULL,
	"claimed_seconds" integer NOT NULL,
	"outcome" text NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "study_reports_outcome" CHECK ("study_reports"."outcome" in ('accepted', 'beyond_length', 'too_fast', 'backwards', 'not_enrolled', 'trial_limit', 'second_session', 'unknown_session', 'already_completed'))
);
--> statement-breakpoint
CREATE TABLE "study_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "study_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"learner_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"trial" boolean NOT NULL,
	"position_seconds" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"last_accepted_at" timestamp with time zone NOT NULL,
	"playing_at" timestamp with time zone,
	CONSTRAINT "study_sessions_position" CHECK ("study_sessions"."position_seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_quiz_answers" ADD CONSTRAINT "public_quiz_answers_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_quiz_answers" ADD CONSTRAINT "public_quiz_answers_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_quiz_answers" ADD CONSTRAINT "public_quiz_answers_question_id_public_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."public_quiz_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_reports" ADD CONSTRAINT "study_reports_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_reports" ADD CONSTRAINT "study_reports_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_reports" ADD CONSTRAINT "study_reports_session_id_study_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."study_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_sessions" ADD CONSTRAINT "study_sessions_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_sessions" ADD CONSTRAINT "study_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "public_quiz_answers_learner_course_idx" ON "public_quiz_answers" USING btree ("learner_id","course_id");--> statement-breakpoint
CREATE INDEX "study_reports_learner_course_idx" ON "study_reports" USING btree ("learner_id","course_id","received_at");--> statement-breakpoint
CREATE INDEX "study_sessions_learner_idx" ON "study_sessions" USING btree ("learner_id","playing_at");