ALTER TABLE "mails" DROP CONSTRAINT "mails_status";--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_status" CHECK ("mails"."status" in ('queued', 'sent', 'failed', 'bounced'));