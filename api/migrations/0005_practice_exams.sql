CREATE TABLE "exam_paper_questions" (
	"paper_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"question_id" integer NOT NULL,
	"user_answer" text,
	"is_right" boolean,
	CONSTRAINT "exam_paper_questions_paper_id_position_pk" PRIMARY KEY("paper_id","position"),
	CONSTRAINT "exam_paper_questions_position" CHECK ("exam_paper_questions"."position" >= 0),
	CONSTRAINT "exam_paper_questions_answered" CHECK (("exam_paper_questions"."user_answer" is null) = ("exam_paper_questions"."is_right" is null))
);
--> statement-breakpoint
CREATE TABLE "exam_papers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_papers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"learner_id" integer NOT NULL,
	"year" integer NOT NULL,
	"exam_type" smallint NOT NULL,
	"question_count" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"right_count" smallint,
	"wrong_count" smallint,
	CONSTRAINT "exam_papers_exam_type" CHECK ("exam_papers"."exam_type" in (1, 2)),
	CONSTRAINT "exam_papers_question_count" CHECK ("exam_papers"."question_count" > 0),
	CONSTRAINT "exam_papers_score" CHECK (("exam_papers"."submitted_at" is null and "exam_papers"."right_count" is null and "exam_papers"."wrong_count" is null) or ("exam_papers"."submitted_at" is not null and "exam_papers"."right_count" >= 0 and "exam_papers"."wrong_count" >= 0 and "exam_papers"."right_count" + "exam_papers"."wrong_count" = "exam_papers"."question_count"))
);
--> statement-breakpoint
CREATE TABLE "exam_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"year" integer NOT NULL,
	"exam_type" smallint NOT NULL,
	"qtype" smallint NOT NULL,
	"title" text NOT NULL,
	"options" text[] NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exam_questions_exam_type" CHECK ("exam_questions"."exam_type" in (1, 2)),
	CONSTRAINT "exam_questions_qtype" CHECK ("exam_questions"."qtype" in (1, 2, 3)),
	CONSTRAINT "exam_questions_option_count" CHECK (cardinality("exam_questions"."options") between 2 and 8),
	CONSTRAINT "exam_questions_answer" CHECK (("exam_questions"."qtype" = 2 and "exam_questions"."answer" ~ '^[1-8](,[1-8])*$') or ("exam_questions"."qtype" <> 2 and "exam_questions"."answer" ~ '^[1-8]$'))
);
--> statement-breakpoint
ALTER TABLE "exam_paper_questions" ADD CONSTRAINT "exam_paper_questions_paper_id_exam_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."exam_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_paper_questions" ADD CONSTRAINT "exam_paper_questions_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD CONSTRAINT "exam_papers_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD CONSTRAINT "exam_papers_year_academic_years_year_fk" FOREIGN KEY ("year") REFERENCES "public"."academic_years"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_year_academic_years_year_fk" FOREIGN KEY ("year") REFERENCES "public"."academic_years"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_paper_questions_question_idx" ON "exam_paper_questions" USING btree ("paper_id","question_id");--> statement-breakpoint
CREATE INDEX "exam_papers_learner_idx" ON "exam_papers" USING btree ("learner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "exam_papers_one_open_idx" ON "exam_papers" USING btree ("learner_id","year","exam_type") WHERE "exam_papers"."submitted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_questions_year_type_title_idx" ON "exam_questions" USING btree ("year","exam_type","title");