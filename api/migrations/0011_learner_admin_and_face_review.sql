ALTER TABLE "learners" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "learners" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "learners" ADD COLUMN "avatar_reject_reason" text;--> statement-breakpoint
ALTER TABLE "face_photos" ADD COLUMN "reject_reason" text;