CREATE TABLE "invoice_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"learner_id" integer NOT NULL,
	"invoice_kind" smallint DEFAULT 1 NOT NULL,
	"title_type" smallint NOT NULL,
	"invoice_title" text NOT NULL,
	"tax_number" text,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"invoice_detail" text DEFAULT '' NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" text DEFAULT 'reviewing' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_requests_status" CHECK ("invoice_requests"."status" in ('reviewing', 'issuing', 'issued', 'failed')),
	CONSTRAINT "invoice_requests_kind" CHECK ("invoice_requests"."invoice_kind" = 1),
	CONSTRAINT "invoice_requests_title_type" CHECK ("invoice_requests"."title_type" in (1, 2)),
	CONSTRAINT "invoice_requests_enterprise_title" CHECK ("invoice_requests"."title_type" = 1 or (length("invoice_requests"."invoice_title") > 0 and "invoice_requests"."tax_number" is not null)),
	CONSTRAINT "invoice_requests_phone" CHECK ("invoice_requests"."phone" ~ '^1[34578][0-9]{9}$'),
	CONSTRAINT "invoice_requests_amount" CHECK ("invoice_requests"."amount_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"learner_id" integer NOT NULL,
	"reason" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" text DEFAULT 'reviewing' NOT NULL,
	"provider_refund_no" text,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "refund_requests_status" CHECK ("refund_requests"."status" in ('reviewing', 'refunding', 'refunded', 'failed', 'rejected')),
	CONSTRAINT "refund_requests_amount" CHECK ("refund_requests"."amount_fen" >= 0),
	CONSTRAINT "refund_requests_reason" CHECK (length("refund_requests"."reason") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_requests_open_idx" ON "invoice_requests" USING btree ("order_id") WHERE "invoice_requests"."status" in ('reviewing', 'issuing');--> statement-breakpoint
CREATE INDEX "invoice_requests_order_idx" ON "invoice_requests" USING btree ("order_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_open_idx" ON "refund_requests" USING btree ("order_id") WHERE "refund_requests"."status" in ('reviewing', 'refunding');--> statement-breakpoint
CREATE INDEX "refund_requests_order_idx" ON "refund_requests" USING btree ("order_id","created_at" DESC NULLS LAST);