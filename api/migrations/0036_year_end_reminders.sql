CREATE TABLE "reminder_campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reminder_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"year" integer NOT NULL,
	"min_missing_tenths" integer,
	"company" text DEFAULT '' NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"created_by_staff_id" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_campaigns_channel" CHECK ("reminder_campaigns"."channel" in ('sms', 'mail')),
	CONSTRAINT "reminder_campaigns_status" CHECK ("reminder_campaigns"."status" in ('sending', 'done'))
);
--> statement-breakpoint
CREATE TABLE "reminder_opt_outs" (
	"learner_id" integer PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_recipients" (
	"campaign_id" integer NOT NULL,
	"learner_id" integer NOT NULL,
	"missing_tenths" integer NOT NULL,
	"earned_tenths" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "reminder_recipients_campaign_id_learner_id_pk" PRIMARY KEY("campaign_id","learner_id")
);
--> statement-breakpoint
ALTER TABLE "reminder_opt_outs" ADD CONSTRAINT "reminder_opt_outs_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_recipients" ADD CONSTRAINT "reminder_recipients_campaign_id_reminder_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."reminder_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_recipients" ADD CONSTRAINT "reminder_recipients_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_recipients_pending_idx" ON "reminder_recipients" USING btree ("campaign_id","status");