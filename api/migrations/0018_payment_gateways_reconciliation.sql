CREATE TABLE "bill_differences" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_differences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reconciliation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"merchant_no" text NOT NULL,
	"order_no" text,
	"provider_trade_no" text,
	"bill_amount_fen" integer,
	"our_amount_fen" integer,
	CONSTRAINT "bill_differences_kind" CHECK ("bill_differences"."kind" in ('money_without_order', 'paid_without_money', 'amount_differs'))
);
--> statement-breakpoint
CREATE TABLE "bill_reconciliations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_reconciliations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"day" text NOT NULL,
	"bill_payments" integer NOT NULL,
	"bill_refunds" integer NOT NULL,
	"differences" integer NOT NULL,
	"ran_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"merchant_refund_no" text PRIMARY KEY NOT NULL,
	"merchant_no" text NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"provider_refund_no" text,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_state" CHECK ("payment_refunds"."state" in ('sending', 'accepted', 'refunded', 'failed')),
	CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "bill_differences" ADD CONSTRAINT "bill_differences_reconciliation_id_bill_reconciliations_id_fk" FOREIGN KEY ("reconciliation_id") REFERENCES "public"."bill_reconciliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_merchant_no_payment_attempts_merchant_no_fk" FOREIGN KEY ("merchant_no") REFERENCES "public"."payment_attempts"("merchant_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_differences_reconciliation_idx" ON "bill_differences" USING btree ("reconciliation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_reconciliations_provider_day" ON "bill_reconciliations" USING btree ("provider","day");--> statement-breakpoint
CREATE INDEX "payment_refunds_created_idx" ON "payment_refunds" USING btree ("created_at");