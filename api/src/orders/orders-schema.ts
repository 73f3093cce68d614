import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../db/columns';
import { learners } from '../accounts/accounts-schema';
import { academicYears, courses } from '../catalogue/catalogue-schema';

/**
 * An order for one year's professional courses (spec 02 §3, §4). `order_no` is the
 * merchant order number shown to the learner and sent to the payment provider: digits
 * only, because the invoice form accepts nothing else (订单号只能为数字). The three status
 * columns are the spec's numbers; which combinations may follow which is the order state
 * machine's business, in code, and these checks only keep each value in its range.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull().unique(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    year: integer('year')
      .notNull()
      .references(() => academicYears.year),
    /** 1 professional (the only kind sold today; public courses are free to sign up). */
    educationType: smallint('education_type').notNull().default(1),
    orderName: text('order_name').notNull(),
    priceFen: integer('price_fen').notNull(),
    /** 3 QR (wechat-type, default), 2 redirect (alipay-type). */
    payType: smallint('pay_type').notNull(),
    /** 1 unpaid, 2 paid, 3 payment failed, 4 cancelled, 5 refunded. */
    payStatus: smallint('pay_status').notNull().default(1),
    /** 0 none, 1 under review, 2 refunding, 3 refund done, 4 refund failed. */
    refundStatus: smallint('refund_status').notNull().default(0),
    /** 0 none, 1 under review, 2 issuing, 3 issued, 4 failed. */
    receiptStatus: smallint('is_receipt').notNull().default(0),
    /** Why the last refund request failed or was rejected (issue 18), shown on /myOrder beside 退款失败. */
    refundNote: text('refund_note'),
    /** Why a failed order (pay status 3) failed: 'declined' (by the payer or gateway) or 'expired' (deadline passed). */
    payFailure: text('pay_failure'),
    createdAt: createdAt(),
    /** An unpaid order is closed after this moment and can no longer be paid. */
    payDeadline: timestamp('pay_deadline', { withTimezone: true, mode: 'date' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('orders_learner_idx').on(table.learnerId, table.createdAt.desc()),
    index('orders_unpaid_deadline_idx')
      .on(table.payDeadline)
      .where(sql`${table.payStatus} = 1`),
    check('orders_order_no_digits', sql`${table.orderNo} ~ '^[0-9]{1,32}$'`),
    check('orders_price', sql`${table.priceFen} >= 0`),
    check('orders_pay_type', sql`${table.payType} in (2, 3)`),
    check('orders_pay_status', sql`${table.payStatus} between 1 and 5`),
    check('orders_refund_status', sql`${table.refundStatus} between 0 and 4`),
    check('orders_is_receipt', sql`${table.receiptStatus} between 0 and 4`),
    check('orders_education_type', sql`${table.educationType} in (1, 2)`),
    check('orders_pay_failure', sql`${table.payFailure} in ('declined', 'expired')`),
  ],
);

/** The courses an order pays for, with each one's price when the order was made. */
export const orderCourses = pgTable(
  'order_courses',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    priceFen: integer('price_fen').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.courseId] }),
    index('order_courses_course_idx').on(table.courseId),
    check('order_courses_price', sql`${table.priceFen} >= 0`),
  ],
);

/**
 * A course that is the learner's to study (what `mycourses` / `public_courses_my` list).
 * Professional courses get one when their order is paid (order_id set); public courses
 * when the learner signs up (no order). A refund withdraws it (`withdrawn_at`) rather than
 * deleting it, so the history stays; at most one live enrolment per learner and course.
 */
export const enrolments = pgTable(
  'enrolments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    year: integer('year')
      .notNull()
      .references(() => academicYears.year),
    orderId: integer('order_id').references(() => orders.id),
    createdAt: createdAt(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('enrolments_live_idx')
      .on(table.learnerId, table.courseId)
      .where(sql`${table.withdrawnAt} is null`),
    index('enrolments_learner_year_idx').on(table.learnerId, table.year),
    index('enrolments_order_idx').on(table.orderId),
  ],
);
