CREATE TABLE "course_selections" (
	"learner_id" integer NOT NULL,
	"year" integer NOT NULL,
	"course_ids" integer[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "course_selections_learner_id_year_pk" PRIMARY KEY("learner_id","year")
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"merchant_no" text NOT NULL,
	"provider" text NOT NULL,
	"pay_type" smallint NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"provider_trade_no" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "payment_attempts_merchant_no_unique" UNIQUE("merchant_no"),
	CONSTRAINT "payment_attempts_merchant_no_digits" CHECK ("payment_attempts"."merchant_no" ~ '^[0-9]{1,32}$'),
	CONSTRAINT "payment_attempts_status" CHECK ("payment_attempts"."status" in ('open', 'paid', 'failed', 'closed', 'refunded')),
	CONSTRAINT "payment_attempts_pay_type" CHECK ("payment_attempts"."pay_type" in (2, 3)),
	CONSTRAINT "payment_attempts_amount" CHECK ("payment_attempts"."amount_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"merchant_no" text,
	"provider_trade_no" text,
	"outcome" text,
	"amount_fen" integer,
	"body" text NOT NULL,
	"result" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"merchant_no" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"description" text NOT NULL,
	"pay_type" smallint NOT NULL,
	"notify_url" text NOT NULL,
	"return_url" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"trade_no" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "sandbox_payments_token_unique" UNIQUE("token"),
	CONSTRAINT "sandbox_payments_state" CHECK ("sandbox_payments"."state" in ('pending', 'paid', 'failed', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"merchant_refund_no" text PRIMARY KEY NOT NULL,
	"merchant_no" text NOT NULL,
	"refund_no" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_selections" ADD CONSTRAINT "course_selections_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_selections" ADD CONSTRAINT "course_selections_year_academic_years_year_fk" FOREIGN KEY ("year") REFERENCES "public"."academic_years"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_merchant_no_sandbox_payments_merchant_no_fk" FOREIGN KEY ("merchant_no") REFERENCES "public"."sandbox_payments"("merchant_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "payment_notifications_merchant_idx" ON "payment_notifications" USING btree ("merchant_no");