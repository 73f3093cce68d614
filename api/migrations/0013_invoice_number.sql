ALTER TABLE "invoice_requests" ADD COLUMN "invoice_no" text;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_invoice_no_unique" UNIQUE("invoice_no");