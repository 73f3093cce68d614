ALTER TABLE "orders" ADD COLUMN "pay_failure" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pay_failure" CHECK ("orders"."pay_failure" in ('declined', 'expired'));--> statement-breakpoint
-- Hand-written backfill: a failed order whose newest payment attempt was declined failed; any other failed order expired.
UPDATE "orders" SET "pay_failure" = CASE WHEN (SELECT a."status" FROM "payment_attempts" a WHERE a."order_id" = "orders"."id" ORDER BY a."id" DESC LIMIT 1) = 'failed' THEN 'declined' ELSE 'expired' END WHERE "pay_status" = 3;
