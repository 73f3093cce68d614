ALTER TABLE "academic_years" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "academic_years" ADD COLUMN "opened_by" text;--> statement-breakpoint
ALTER TABLE "academic_years" ADD COLUMN "study_starts_on" date;--> statement-breakpoint
ALTER TABLE "academic_years" ADD COLUMN "study_ends_on" date;--> statement-breakpoint
ALTER TABLE "academic_years" ADD COLUMN "default_from" date;--> statement-breakpoint
ALTER TABLE "academic_years" ADD CONSTRAINT "academic_years_study_period" CHECK ("academic_years"."study_starts_on" is null or "academic_years"."study_ends_on" is null or "academic_years"."study_starts_on" <= "academic_years"."study_ends_on");--> statement-breakpoint
-- Years from before drafts existed were already shown to learners: they stay open.
UPDATE "academic_years" SET "opened_at" = now(), "opened_by" = '迁移' WHERE "opened_at" IS NULL;
