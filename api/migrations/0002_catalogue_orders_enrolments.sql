CREATE TABLE "academic_years" (
	"year" integer PRIMARY KEY NOT NULL,
	"is_buxue" boolean DEFAULT false NOT NULL,
	"need_all" smallint DEFAULT 1 NOT NULL,
	"course_type_tip" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "academic_years_need_all" CHECK ("academic_years"."need_all" in (1, 2)),
	CONSTRAINT "academic_years_year_range" CHECK ("academic_years"."year" between 2000 and 2100)
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "courses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"year" integer NOT NULL,
	"kind" text NOT NULL,
	"delivery" text DEFAULT 'web' NOT NULL,
	"course_type" smallint NOT NULL,
	"name" text NOT NULL,
	"thumb" text DEFAULT '' NOT NULL,
	"teacher_name" text DEFAULT '' NOT NULL,
	"teacher_avatar" text DEFAULT '' NOT NULL,
	"teacher_description" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"credit_tenths" integer NOT NULL,
	"class_hour_tenths" integer NOT NULL,
	"price_fen" integer NOT NULL,
	"video_path" text,
	"duration_seconds" integer,
	"face_check_percents" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "courses_kind" CHECK ("courses"."kind" in ('professional', 'public')),
	CONSTRAINT "courses_delivery" CHECK ("courses"."delivery" in ('web', 'face_to_face')),
	CONSTRAINT "courses_course_type" CHECK ("courses"."course_type" in (1, 2)),
	CONSTRAINT "courses_amounts" CHECK ("courses"."credit_tenths" >= 0 and "courses"."class_hour_tenths" > 0 and "courses"."price_fen" >= 0),
	CONSTRAINT "courses_video" CHECK (("courses"."video_path" is null and "courses"."duration_seconds" is null) or ("courses"."video_path" is not null and "courses"."duration_seconds" > 0))
);
--> statement-breakpoint
CREATE TABLE "enrolments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrolments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"learner_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"year" integer NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_courses" (
	"order_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"price_fen" integer NOT NULL,
	CONSTRAINT "order_courses_order_id_course_id_pk" PRIMARY KEY("order_id","course_id"),
	CONSTRAINT "order_courses_price" CHECK ("order_courses"."price_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"learner_id" integer NOT NULL,
	"year" integer NOT NULL,
	"education_type" smallint DEFAULT 1 NOT NULL,
	"order_name" text NOT NULL,
	"price_fen" integer NOT NULL,
	"pay_type" smallint NOT NULL,
	"pay_status" smallint DEFAULT 1 NOT NULL,
	"refund_status" smallint DEFAULT 0 NOT NULL,
	"is_receipt" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"pay_deadline" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "orders_order_no_digits" CHECK ("orders"."order_no" ~ '^[0-9]{1,32}$'),
	CONSTRAINT "orders_price" CHECK ("orders"."price_fen" >= 0),
	CONSTRAINT "orders_pay_type" CHECK ("orders"."pay_type" in (2, 3)),
	CONSTRAINT "orders_pay_status" CHECK ("orders"."pay_status" between 1 and 5),
	CONSTRAINT "orders_refund_status" CHECK ("orders"."refund_status" between 0 and 4),
	CONSTRAINT "orders_is_receipt" CHECK ("orders"."is_receipt" between 0 and 4),
	CONSTRAINT "orders_education_type" CHECK ("orders"."education_type" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_year_academic_years_year_fk" FOREIGN KEY ("year") REFERENCES "public"."academic_years"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_year_academic_years_year_fk" FOREIGN KEY ("year") REFERENCES "public"."academic_years"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_courses" ADD CONSTRAINT "order_courses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_courses" ADD CONSTRAINT "order_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_year_academic_years_year_fk" FOREIGN KEY ("year") REFERENCES "public"."academic_years"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_year_kind_idx" ON "courses" USING btree ("year","kind","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_year_kind_name_idx" ON "courses" USING btree ("year","kind","name");--> statement-breakpoint
CREATE UNIQUE INDEX "enrolments_live_idx" ON "enrolments" USING btree ("learner_id","course_id") WHERE "enrolments"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "enrolments_learner_year_idx" ON "enrolments" USING btree ("learner_id","year");--> statement-breakpoint
CREATE INDEX "enrolments_order_idx" ON "enrolments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_courses_course_idx" ON "order_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "orders_learner_idx" ON "orders" USING btree ("learner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_unpaid_deadline_idx" ON "orders" USING btree ("pay_deadline") WHERE "orders"."pay_status" = 1;