CREATE TABLE "face_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "face_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"learner_id" integer NOT NULL,
	"path" text NOT NULL,
	"course_id" integer,
	"percent" smallint,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "face_photos_state" CHECK ("face_photos"."state" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "face_photos_percent" CHECK ("face_photos"."percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "learners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"id_number" text NOT NULL,
	"phone" text NOT NULL,
	"password_hash" text NOT NULL,
	"password_locked_until" timestamp with time zone,
	"certification_type" smallint NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"county" text DEFAULT '' NOT NULL,
	"province_code" text,
	"city_code" text,
	"county_code" text,
	"education" smallint,
	"sex" smallint,
	"major" text DEFAULT '' NOT NULL,
	"certification_number1" text DEFAULT '' NOT NULL,
	"certification_number2" text DEFAULT '' NOT NULL,
	"graduate_school" text DEFAULT '' NOT NULL,
	"ethnic" smallint,
	"profession_ranks" smallint,
	"politics_status" smallint,
	"email" text DEFAULT '' NOT NULL,
	"avatar_path" text,
	"avatar_status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "learners_id_number_unique" UNIQUE("id_number"),
	CONSTRAINT "learners_phone_unique" UNIQUE("phone"),
	CONSTRAINT "learners_id_number_format" CHECK ("learners"."id_number" ~ '^[0-9]{17}[0-9X]$'),
	CONSTRAINT "learners_phone_format" CHECK ("learners"."phone" ~ '^1[0-9]{10}$'),
	CONSTRAINT "learners_certification_type" CHECK ("learners"."certification_type" between 1 and 4),
	CONSTRAINT "learners_education" CHECK ("learners"."education" between 1 and 5),
	CONSTRAINT "learners_sex" CHECK ("learners"."sex" between 1 and 3),
	CONSTRAINT "learners_ethnic" CHECK ("learners"."ethnic" between 1 and 2),
	CONSTRAINT "learners_profession_ranks" CHECK ("learners"."profession_ranks" between 0 and 3),
	CONSTRAINT "learners_politics_status" CHECK ("learners"."politics_status" between 1 and 3),
	CONSTRAINT "learners_avatar_status" CHECK ("learners"."avatar_status" between 0 and 3),
	CONSTRAINT "learners_province_code" CHECK ("learners"."province_code" ~ '^[0-9]{2}0000$'),
	CONSTRAINT "learners_city_code" CHECK ("learners"."city_code" is null or ("learners"."city_code" ~ '^[0-9]{4}00$' and "learners"."city_code" !~ '^[0-9]{2}0000$' and "learners"."province_code" is not null and left("learners"."city_code", 2) = left("learners"."province_code", 2))),
	CONSTRAINT "learners_county_code" CHECK ("learners"."county_code" is null or ("learners"."county_code" !~ '00$' and "learners"."city_code" is not null and left("learners"."county_code", 4) = left("learners"."city_code", 4)))
);
--> statement-breakpoint
CREATE TABLE "password_failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"learner_id" integer NOT NULL,
	"ip" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"learner_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"code" text NOT NULL,
	"ip" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "sms_codes_code_format" CHECK ("sms_codes"."code" ~ '^[0-9]{6}$')
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"thumb" text DEFAULT '' NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "student_pages_known_slug" CHECK ("student_pages"."slug" in ('students-note', 'agreement'))
);
--> statement-breakpoint
ALTER TABLE "face_photos" ADD CONSTRAINT "face_photos_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_failures" ADD CONSTRAINT "password_failures_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "face_photos_learner_idx" ON "face_photos" USING btree ("learner_id","created_at");--> statement-breakpoint
CREATE INDEX "password_failures_learner_idx" ON "password_failures" USING btree ("learner_id","failed_at");--> statement-breakpoint
CREATE INDEX "sessions_learner_idx" ON "sessions" USING btree ("learner_id");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("phone","sent_at");--> statement-breakpoint
CREATE INDEX "sms_codes_ip_idx" ON "sms_codes" USING btree ("ip","sent_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_idx" ON "sms_outbox" USING btree ("phone","sent_at");