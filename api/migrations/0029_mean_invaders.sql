ALTER TABLE "audit_records" ADD COLUMN "actor_kind" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_records" ADD COLUMN "actor_name" text;--> statement-breakpoint
-- Records written before: the staff member's 姓名, and who the unnamed actors were.
UPDATE "audit_records" SET "actor_name" = "staff_accounts"."name" FROM "staff_accounts" WHERE "audit_records"."staff_id" = "staff_accounts"."id";--> statement-breakpoint
UPDATE "audit_records" SET "actor_kind" = 'command-line' WHERE "staff_id" IS NULL AND "actor" IN ('命令行', '演示数据');--> statement-breakpoint
UPDATE "audit_records" SET "actor_kind" = 'job', "actor" = 'payments-reconcile-bills' WHERE "staff_id" IS NULL AND "actor" = '系统（支付对账）';
