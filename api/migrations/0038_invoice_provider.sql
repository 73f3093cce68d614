ALTER TABLE "invoice_requests" ADD COLUMN "serial_no" text;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "provider_serial" text;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "invoice_code" text;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "tax_fen" integer;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "pdf_url" text;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "ofd_url" text;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "pdf_key" text;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "provider_error" text;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "red_status" text;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "red_serial_no" text;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "red_invoice_no" text;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "red_error" text;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_serial_no_unique" UNIQUE("serial_no");--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_red_serial_no_unique" UNIQUE("red_serial_no");--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_red_status" CHECK ("invoice_requests"."red_status" is null or ("invoice_requests"."red_status" in ('red_lettering', 'red_lettered') and "invoice_requests"."status" = 'issued'));