CREATE TABLE "credit_certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"certificate_no" text NOT NULL,
	"learner_id" integer NOT NULL,
	"year" integer NOT NULL,
	"learner_name" text NOT NULL,
	"id_number_masked" text NOT NULL,
	"professional_tenths" integer NOT NULL,
	"public_tenths" integer NOT NULL,
	"courses" jsonb NOT NULL,
	"issuer" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"revoked_by" text,
	CONSTRAINT "credit_certificates_certificate_no_unique" UNIQUE("certificate_no"),
	CONSTRAINT "credit_certificates_hours" CHECK ("credit_certificates"."professional_tenths" >= 0 and "credit_certificates"."public_tenths" >= 0),
	CONSTRAINT "credit_certificates_revocation" CHECK (("credit_certificates"."revoked_at" is null) = ("credit_certificates"."revoked_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "credit_certificates" ADD CONSTRAINT "credit_certificates_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_certificates_learner_year_idx" ON "credit_certificates" USING btree ("learner_id","year");