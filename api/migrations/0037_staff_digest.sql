CREATE TABLE "staff_digest_settings" (
	"staff_id" integer PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_digest_settings" ADD CONSTRAINT "staff_digest_settings_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;