ALTER TABLE "site_settings" ADD COLUMN "site_ios_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "site_android_url" text DEFAULT '' NOT NULL;