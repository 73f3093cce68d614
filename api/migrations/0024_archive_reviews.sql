CREATE TABLE "archive_reviews" (
	"learner_id" integer NOT NULL,
	"year" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"reviewed_by" text NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "archive_reviews_learner_id_year_pk" PRIMARY KEY("learner_id","year"),
	CONSTRAINT "archive_reviews_status" CHECK ("archive_reviews"."status" in ('passed', 'rejected')),
	CONSTRAINT "archive_reviews_reason" CHECK (("archive_reviews"."status" = 'rejected') = ("archive_reviews"."reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "archive_reviews" ADD CONSTRAINT "archive_reviews_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;