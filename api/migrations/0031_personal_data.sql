CREATE TABLE "account_closure_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_closure_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"learner_id" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"refuse_reason" text,
	"decided_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "account_closure_requests_status" CHECK ("account_closure_requests"."status" in ('pending', 'approved', 'refused', 'withdrawn')),
	CONSTRAINT "account_closure_requests_refused" CHECK (("account_closure_requests"."status" = 'refused') = ("account_closure_requests"."refuse_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "learners" DROP CONSTRAINT "learners_phone_format";--> statement-breakpoint
ALTER TABLE "learners" ADD COLUMN "face_consent_version" text;--> statement-breakpoint
ALTER TABLE "learners" ADD COLUMN "face_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "learners" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_exports" ADD COLUMN "full_numbers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_closure_requests" ADD CONSTRAINT "account_closure_requests_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_closure_requests_learner_idx" ON "account_closure_requests" USING btree ("learner_id","created_at");--> statement-breakpoint
CREATE INDEX "account_closure_requests_status_idx" ON "account_closure_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_closure_requests_one_pending" ON "account_closure_requests" USING btree ("learner_id") WHERE "account_closure_requests"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "learners" ADD CONSTRAINT "learners_phone_format" CHECK ("learners"."phone" ~ '^1[0-9]{10}$' or ("learners"."closed_at" is not null and "learners"."phone" = 'closed:' || "learners"."id"));