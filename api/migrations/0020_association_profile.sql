ALTER TABLE "site_settings" ADD COLUMN "site_short_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "site_introduction" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "site_charter" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "site_map_longitude" double precision;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "site_map_latitude" double precision;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "site_footer_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "site_privacy_policy" text DEFAULT '' NOT NULL;