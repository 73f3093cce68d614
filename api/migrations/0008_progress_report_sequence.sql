DROP INDEX "study_sessions_learner_idx";--> statement-breakpoint
ALTER TABLE "learners" ADD COLUMN "study_report_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "study_sessions_learner_idx" ON "study_sessions" USING btree ("learner_id");