ALTER TABLE "study_reports" DROP CONSTRAINT "study_reports_learner_id_learners_id_fk";
--> statement-breakpoint
ALTER TABLE "study_reports" DROP CONSTRAINT "study_reports_course_id_courses_id_fk";
--> statement-breakpoint
ALTER TABLE "study_reports" DROP CONSTRAINT "study_reports_session_id_study_sessions_id_fk";
