import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The whole database schema; drizzle-kit turns changes here into the numbered SQL files
 * in `api/migrations/`. Only SQL that both PostgreSQL 15 and PGlite (PostgreSQL 18) accept.
 * Times are `timestamptz` written from the server's clock, never from `now()` in SQL,
 * so tests that move the clock see consistent rows.
 *
 * Later features (learners, courses, orders) add their tables in sections below.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull();

// ── Public content (spec 01 §3) ────────────────────────────────────────────────────────

/** One row: the association's footer, side panel and contact details. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: smallint('id').primaryKey().default(1),
    siteName: text('site_name').notNull(),
    wechatQrcode: text('site_wechat_qrcode').notNull(),
    staffQrcode: text('site_staff_qrcode').notNull(),
    owner: text('site_owner').notNull(),
    address: text('site_address').notNull(),
    postcode: text('site_code').notNull(),
    icp: text('site_icp').notNull(),
    supervisionPhone: text('site_supervision_phone').notNull(),
    supportPhone1: text('site_support_phone1').notNull(),
    supportPhone2: text('site_support_phone2').notNull(),
    supportPhone3: text('site_support_phone3'),
    workTimeAm: text('site_work_time_am').notNull(),
    workTimePm: text('site_work_time_pm').notNull(),
    // --- issue 4 (public site): the app download links of /downloadApp (spec 02) ---
    iosAppUrl: text('site_ios_url').notNull().default(''),
    androidAppUrl: text('site_android_url').notNull().default(''),
    // --- end issue 4 ---
    updatedAt: updatedAt(),
  },
  (table) => [check('site_settings_single_row', sql`${table.id} = 1`)],
);

/** Ids are fixed by the spec (1–6, 21, 22, 24) and linked from the client, so not generated. */
export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const articles = pgTable(
  'articles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    title: text('title').notNull(),
    author: text('author').notNull().default(''),
    source: text('source').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    content: text('content').notNull(),
    hits: integer('hits').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The list query: one category, newest first, paged.
    index('articles_category_published_idx').on(table.categoryId, table.publishedAt.desc(), table.id.desc()),
    check('articles_hits_not_negative', sql`${table.hits} >= 0`),
  ],
);

export const friendLinks = pgTable('friend_links', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  target: text('target').notNull().default('_blank'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const slides = pgTable('slides', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  image: text('image').notNull(),
  url: text('url').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const ADVERTISEMENT_KINDS = ['text', 'image'] as const;
export type AdvertisementKind = (typeof ADVERTISEMENT_KINDS)[number];

/** The home page shows the first enabled advertisement of each kind. */
export const advertisements = pgTable(
  'advertisements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ADVERTISEMENT_KINDS }).notNull(),
    content: text('content'),
    imageUrl: text('image_url'),
    linkUrl: text('link_url'),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    check(
      'advertisements_kind_fields',
      sql`(${table.kind} = 'text' and ${table.content} is not null) or (${table.kind} = 'image' and ${table.imageUrl} is not null)`,
    ),
  ],
);

export const TOPIC_PAGE_SLUGS = ['education', 'credit', 'promote'] as const;
export type TopicPageSlug = (typeof TOPIC_PAGE_SLUGS)[number];

/** The pages behind `/newDetail?api=…`: continuing education, credit query, promotion enrolment. */
export const topicPages = pgTable(
  'topic_pages',
  {
    slug: text('slug', { enum: TOPIC_PAGE_SLUGS }).primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [check('topic_pages_known_slug', sql`${table.slug} in ('education', 'credit', 'promote')`)],
);

// ── The request envelope ──────────────────────────────────────────────────────────────

/**
 * Nonces of accepted signed requests. The primary key makes a replay fail even when the
 * two copies of a request reach two different server processes at the same moment.
 * A row is useless once its request's timestamp has left the accepted window, so rows
 * carry their own expiry and are deleted after it.
 */
export const requestNonces = pgTable(
  'request_nonces',
  {
    appId: text('app_id').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.appId, table.nonce] }), index('request_nonces_expires_idx').on(table.expiresAt)],
);

// ── Learners and their sessions (spec 01 §3, §4, §6) ──────────────────────────────────

/**
 * A licensed pharmacist who studies here. ID number and phone are the two login ids, so
 * each is unique. Profile fields stay null/'' until the learner fills in the form; the
 * enumerations of spec 01 §3 are enforced here as well as by the contract.
 * Region codes are full 6-digit GB/T 2260 codes, linked by prefix (city → province by
 * the first 2 digits, county → city by the first 4).
 */
export const learners = pgTable(
  'learners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    idNumber: text('id_number').notNull().unique(),
    phone: text('phone').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    /** Password login refused until then (5 wrong passwords in 15 minutes). */
    passwordLockedUntil: timestamp('password_locked_until', { withTimezone: true, mode: 'date' }),
    certificationType: smallint('certification_type').notNull(),
    company: text('company').notNull().default(''),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    county: text('county').notNull().default(''),
    provinceCode: text('province_code'),
    cityCode: text('city_code'),
    countyCode: text('county_code'),
    education: smallint('education'),
    sex: smallint('sex'),
    major: text('major').notNull().default(''),
    certificationNumber1: text('certification_number1').notNull().default(''),
    certificationNumber2: text('certification_number2').notNull().default(''),
    graduateSchool: text('graduate_school').notNull().default(''),
    ethnic: smallint('ethnic'),
    professionRank: smallint('profession_ranks'),
    politicsStatus: smallint('politics_status'),
    email: text('email').notNull().default(''),
    /** The latest face photo, relative to the media folder; null before the first upload. */
    avatarPath: text('avatar_path'),
    /** 0 none, 1 approved, 2 under review, 3 rejected (AVATAR_STATUS in the contracts). */
    avatarStatus: smallint('avatar_status').notNull().default(0),
    /**
     * Counts the learner's judged progress reports. A report is written only if this is
     * still the value read with its facts, so one learner's reports are judged one after
     * another without holding a lock across round trips (src/study/progress-reports.ts).
     */
    studyReportSeq: integer('study_report_seq').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('learners_id_number_format', sql`${table.idNumber} ~ '^[0-9]{17}[0-9X]$'`),
    check('learners_phone_format', sql`${table.phone} ~ '^1[0-9]{10}$'`),
    check('learners_certification_type', sql`${table.certificationType} between 1 and 4`),
    check('learners_education', sql`${table.education} between 1 and 5`),
    check('learners_sex', sql`${table.sex} between 1 and 3`),
    check('learners_ethnic', sql`${table.ethnic} between 1 and 2`),
    check('learners_profession_ranks', sql`${table.professionRank} between 0 and 3`),
    check('learners_politics_status', sql`${table.politicsStatus} between 1 and 3`),
    check('learners_avatar_status', sql`${table.avatarStatus} between 0 and 3`),
    check('learners_province_code', sql`${table.provinceCode} ~ '^[0-9]{2}0000$'`),
    check(
      'learners_city_code',
      sql`${table.cityCode} is null or (${table.cityCode} ~ '^[0-9]{4}00$' and ${table.cityCode} !~ '^[0-9]{2}0000$' and ${table.provinceCode} is not null and left(${table.cityCode}, 2) = left(${table.provinceCode}, 2))`,
    ),
    check(
      'learners_county_code',
      sql`${table.countyCode} is null or (${table.countyCode} !~ '00$' and ${table.cityCode} is not null and left(${table.countyCode}, 4) = left(${table.cityCode}, 4))`,
    ),
  ],
);

/**
 * A login. The bearer token is random and only its SHA-256 is stored, so a copy of this
 * table logs nobody in. Logout and password changes set `revoked_at`.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('sessions_learner_idx').on(table.learnerId)],
);

/** Wrong passwords, counted for the lockout; cleared by a successful login or a lock. */
export const passwordFailures = pgTable(
  'password_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('password_failures_learner_idx').on(table.learnerId, table.failedAt)],
);

/**
 * Every SMS code sent, for any phone (registered or not): the rows are both the codes to
 * check and the history the sending limits count.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    code: text('code').notNull(),
    ip: text('ip').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('sms_codes_phone_idx').on(table.phone, table.sentAt),
    index('sms_codes_ip_idx').on(table.ip, table.sentAt),
    check('sms_codes_code_format', sql`${table.code} ~ '^[0-9]{6}$'`),
  ],
);

/** What the development SMS provider "sent", read back at GET /dev/sms-outbox. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('sms_outbox_phone_idx').on(table.phone, table.sentAt)],
);

export const FACE_PHOTO_REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type FacePhotoReviewState = (typeof FACE_PHOTO_REVIEW_STATES)[number];

/** Each uploaded face photo, waiting for (or past) an administrator's review. */
export const facePhotos = pgTable(
  'face_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    /** Relative to the media folder. */
    path: text('path').notNull(),
    courseId: integer('course_id'),
    percent: smallint('percent'),
    state: text('state', { enum: FACE_PHOTO_REVIEW_STATES }).notNull().default('pending'),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('face_photos_learner_idx').on(table.learnerId, table.createdAt),
    check('face_photos_state', sql`${table.state} in ('pending', 'approved', 'rejected')`),
    check('face_photos_percent', sql`${table.percent} between 0 and 100`),
  ],
);

export const STUDENT_PAGE_SLUGS = ['students-note', 'agreement'] as const;
export type StudentPageSlug = (typeof STUDENT_PAGE_SLUGS)[number];

/** The student notice (/studentsNote) and the service agreement (/agreement). */
export const studentPages = pgTable(
  'student_pages',
  {
    slug: text('slug', { enum: STUDENT_PAGE_SLUGS }).primaryKey(),
    thumb: text('thumb').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    content: text('content').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [check('student_pages_known_slug', sql`${table.slug} in ('students-note', 'agreement')`)],
);

// ── Course catalogue, orders and enrolments (spec 02 §3, §4, §9; spec 01 §3, §4, §9) ────
//
// The learning side's core: what can be studied in which year, what a learner ordered and
// paid for, and which courses are theirs. Payment (provider records, notifications),
// study progress, ratings, exams, refunds and invoices add their own tables and columns in
// later sections. Hours and credits are stored in tenths (`class_hour_tenths` 45 = 4.5 h)
// so sums are exact integers; money is stored in fen.

/** A study year. Make-up years (`is_buxue`) are the ones /myCourseCopy lists. */
export const academicYears = pgTable(
  'academic_years',
  {
    year: integer('year').primaryKey(),
    isBuxue: boolean('is_buxue').notNull().default(false),
    /** 1: the year's 60 professional hours must all be chosen; 2: no hour requirement (spec 02 §5). */
    needAll: smallint('need_all').notNull().default(1),
    /** The tip `get_course_type` returns for the year (msg1). */
    courseTypeTip: text('course_type_tip').notNull().default(''),
    /** Newest first in `academic_year`; the first one listed is selected by default. */
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    check('academic_years_need_all', sql`${table.needAll} in (1, 2)`),
    check('academic_years_year_range', sql`${table.year} between 2000 and 2100`),
  ],
);

export const COURSE_KINDS = ['professional', 'public'] as const;
export type CourseKind = (typeof COURSE_KINDS)[number];

export const COURSE_DELIVERIES = ['web', 'face_to_face'] as const;
export type CourseDelivery = (typeof COURSE_DELIVERIES)[number];

/**
 * One course of one year. Professional courses are compulsory (1) or elective (2); public
 * courses (公需课) are one list and carry course_type 1. Face-to-face courses are placeholder
 * data only: nobody can select, order or study them (spec 02 §1, §6).
 */
export const courses = pgTable(
  'courses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    year: integer('year')
      .notNull()
      .references(() => academicYears.year),
    kind: text('kind', { enum: COURSE_KINDS }).notNull(),
    delivery: text('delivery', { enum: COURSE_DELIVERIES }).notNull().default('web'),
    /** 1 compulsory, 2 elective (spec 02 §3). */
    courseType: smallint('course_type').notNull(),
    name: text('name').notNull(),
    /** Relative to the media folder. */
    thumb: text('thumb').notNull().default(''),
    teacherName: text('teacher_name').notNull().default(''),
    teacherAvatar: text('teacher_avatar').notNull().default(''),
    teacherDescription: text('teacher_description').notNull().default(''),
    description: text('description').notNull().default(''),
    creditTenths: integer('credit_tenths').notNull(),
    classHourTenths: integer('class_hour_tenths').notNull(),
    priceFen: integer('price_fen').notNull(),
    /** The lesson video, relative to the media folder, and its length; set together. */
    videoPath: text('video_path'),
    durationSeconds: integer('duration_seconds'),
    /** Percentages of the video at which a face check is taken (spec 02 §3 `photo`). */
    faceCheckPercents: smallint('face_check_percents').array().notNull().default(sql`'{}'::smallint[]`),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('courses_year_kind_idx').on(table.year, table.kind, table.sortOrder),
    uniqueIndex('courses_year_kind_name_idx').on(table.year, table.kind, table.name),
    check('courses_kind', sql`${table.kind} in ('professional', 'public')`),
    check('courses_delivery', sql`${table.delivery} in ('web', 'face_to_face')`),
    check('courses_course_type', sql`${table.courseType} in (1, 2)`),
    check('courses_amounts', sql`${table.creditTenths} >= 0 and ${table.classHourTenths} > 0 and ${table.priceFen} >= 0`),
    check(
      'courses_video',
      sql`(${table.videoPath} is null and ${table.durationSeconds} is null) or (${table.videoPath} is not null and ${table.durationSeconds} > 0)`,
    ),
  ],
);

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
    index('orders_unpaid_deadline_idx').on(table.payDeadline).where(sql`${table.payStatus} = 1`),
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
    uniqueIndex('enrolments_live_idx').on(table.learnerId, table.courseId).where(sql`${table.withdrawnAt} is null`),
    index('enrolments_learner_year_idx').on(table.learnerId, table.year),
    index('enrolments_order_idx').on(table.orderId),
  ],
);

// ── Enrolment and payment (issue 5: selection, payment attempts, notifications, sandbox gateway) ──
//
// What the learner chose per year (the `car`), each attempt to take the money for an order
// (a failed order that is paid again gets a new attempt with its own merchant number, as
// real gateways refuse a merchant number twice), every notification received (idempotence
// and audit), and the sandbox gateway's own books. The sandbox tables stand for the
// gateway's side: our code reads them only through the sandbox provider.

/** The learner's current selection for one year: the course ids of the last sign-up. */
export const courseSelections = pgTable(
  'course_selections',
  {
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    year: integer('year')
      .notNull()
      .references(() => academicYears.year),
    courseIds: integer('course_ids').array().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.learnerId, table.year] })],
);

export const PAYMENT_ATTEMPT_STATUSES = ['open', 'paid', 'failed', 'closed', 'refunded'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/**
 * One request to the gateway to take an order's money. Only an order's newest attempt can
 * pay it; money arriving on an older or closed attempt is refunded, never enrolled.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Sent to the gateway: the order number plus a two-digit attempt sequence. */
    merchantNo: text('merchant_no').notNull().unique(),
    provider: text('provider').notNull(),
    payType: smallint('pay_type').notNull(),
    amountFen: integer('amount_fen').notNull(),
    status: text('status', { enum: PAYMENT_ATTEMPT_STATUSES }).notNull().default('open'),
    providerTradeNo: text('provider_trade_no'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('payment_attempts_order_idx').on(table.orderId, table.id),
    check('payment_attempts_merchant_no_digits', sql`${table.merchantNo} ~ '^[0-9]{1,32}$'`),
    check('payment_attempts_status', sql`${table.status} in ('open', 'paid', 'failed', 'closed', 'refunded')`),
    check('payment_attempts_pay_type', sql`${table.payType} in (2, 3)`),
    check('payment_attempts_amount', sql`${table.amountFen} >= 0`),
  ],
);

/** Every notification that reached the notify endpoint, verified or not, and what we did with it. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    merchantNo: text('merchant_no'),
    providerTradeNo: text('provider_trade_no'),
    outcome: text('outcome'),
    amountFen: integer('amount_fen'),
    /** The exact body received (capped), for audit. */
    body: text('body').notNull(),
    /** applied | duplicate | refunded_late | failed_recorded | bad_signature | unknown_order | amount_mismatch | ignored */
    result: text('result').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('payment_notifications_merchant_idx').on(table.merchantNo)],
);

export const SANDBOX_PAYMENT_STATES = ['pending', 'paid', 'failed', 'closed'] as const;
export type SandboxPaymentState = (typeof SANDBOX_PAYMENT_STATES)[number];

/** The sandbox gateway's record of a payment it was asked to take. */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    merchantNo: text('merchant_no').primaryKey(),
    /** The unguessable part of the QR / checkout address. */
    token: text('token').notNull().unique(),
    amountFen: integer('amount_fen').notNull(),
    description: text('description').notNull(),
    payType: smallint('pay_type').notNull(),
    notifyUrl: text('notify_url').notNull(),
    returnUrl: text('return_url').notNull(),
    state: text('state', { enum: SANDBOX_PAYMENT_STATES }).notNull().default('pending'),
    tradeNo: text('trade_no'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [check('sandbox_payments_state', sql`${table.state} in ('pending', 'paid', 'failed', 'closed')`)],
);

/** The sandbox gateway's refunds; one per merchant refund number, so a retried refund refunds once. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  merchantRefundNo: text('merchant_refund_no').primaryKey(),
  merchantNo: text('merchant_no')
    .notNull()
    .references(() => sandboxPayments.merchantNo),
  refundNo: text('refund_no').notNull(),
  amountFen: integer('amount_fen').notNull(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});

// ── Refund and invoice requests (spec 02 §3–§5; spec 01 §4 payment notes) ───────────────
//
// What a learner asked for on /requestRefund and /requestInvoice, and what became of it.
// The order's own `refund_status` / `is_receipt` columns stay the state the table shows
// (moved only through the order state machine, shared/contracts/src/order-states.ts);
// these rows keep the request's details and history. At most one open request of each
// kind per order (partial unique indexes): a concurrent double submission cannot make two.

export const REFUND_REQUEST_STATUSES = ['reviewing', 'refunding', 'refunded', 'failed', 'rejected'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

export const refundRequests = pgTable(
  'refund_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** The amount to give back: the order's price when it was requested. */
    amountFen: integer('amount_fen').notNull(),
    status: text('status', { enum: REFUND_REQUEST_STATUSES }).notNull().default('reviewing'),
    /** The provider's number for the refund (ours is derived from `id`: merchantRefundNoOf). */
    providerRefundNo: text('provider_refund_no'),
    /** Why staff rejected it or the provider refused it. */
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('refund_requests_open_idx')
      .on(table.orderId)
      .where(sql`${table.status} in ('reviewing', 'refunding')`),
    index('refund_requests_order_idx').on(table.orderId, table.createdAt.desc()),
    check('refund_requests_status', sql`${table.status} in ('reviewing', 'refunding', 'refunded', 'failed', 'rejected')`),
    check('refund_requests_amount', sql`${table.amountFen} >= 0`),
    check('refund_requests_reason', sql`length(${table.reason}) between 1 and 200`),
  ],
);

export const INVOICE_REQUEST_STATUSES = ['reviewing', 'issuing', 'issued', 'failed'] as const;
export type InvoiceRequestStatus = (typeof INVOICE_REQUEST_STATUSES)[number];

/** An electronic invoice request with every field of spec 02 §3. */
export const invoiceRequests = pgTable(
  'invoice_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    /** 1 增值税电子普通发票, the one type offered. */
    invoiceKind: smallint('invoice_kind').notNull().default(1),
    /** 1 personal, 2 enterprise (the form's `type`). */
    titleType: smallint('title_type').notNull(),
    invoiceTitle: text('invoice_title').notNull(),
    /** Enterprise titles only. */
    taxNumber: text('tax_number'),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    remark: text('remark').notNull().default(''),
    invoiceDetail: text('invoice_detail').notNull().default(''),
    /** The amount invoiced: the order's price. */
    amountFen: integer('amount_fen').notNull(),
    status: text('status', { enum: INVOICE_REQUEST_STATUSES }).notNull().default('reviewing'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('invoice_requests_open_idx')
      .on(table.orderId)
      .where(sql`${table.status} in ('reviewing', 'issuing')`),
    index('invoice_requests_order_idx').on(table.orderId, table.createdAt.desc()),
    check('invoice_requests_status', sql`${table.status} in ('reviewing', 'issuing', 'issued', 'failed')`),
    check('invoice_requests_kind', sql`${table.invoiceKind} = 1`),
    check('invoice_requests_title_type', sql`${table.titleType} in (1, 2)`),
    check(
      'invoice_requests_enterprise_title',
      sql`${table.titleType} = 1 or (length(${table.invoiceTitle}) > 0 and ${table.taxNumber} is not null)`,
    ),
    check('invoice_requests_phone', sql`${table.phone} ~ '^1[34578][0-9]{9}$'`),
    check('invoice_requests_amount', sql`${table.amountFen} >= 0`),
  ],
);

// ── Practice exams (spec 02 §3, §4, §5, §7, §9; issue 6 "Exams") ────────────────────────
//
// A question bank per study year and exam type (1 professional, 2 public), and the papers
// drawn from it for a learner. A paper's questions and, once submitted, the learner's
// answers and the score live here: the key never leaves the server before submission and
// the score is computed from it, never taken from the client.

/**
 * One practice question. `options` holds 2–8 texts (letters A–H); a true/false question's
 * are 正确 and 错误. `answer` is the key as the API writes it: one 1-based option number,
 * or for multiple choice (qtype 2) increasing numbers comma-joined ('1,3').
 */
export const examQuestions = pgTable(
  'exam_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    year: integer('year')
      .notNull()
      .references(() => academicYears.year),
    /** 1 professional, 2 public (the study list's tab index + 1). */
    examType: smallint('exam_type').notNull(),
    /** 1 single choice, 2 multiple choice, 3 true/false. */
    qtype: smallint('qtype').notNull(),
    title: text('title').notNull(),
    options: text('options').array().notNull(),
    answer: text('answer').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('exam_questions_year_type_title_idx').on(table.year, table.examType, table.title),
    check('exam_questions_exam_type', sql`${table.examType} in (1, 2)`),
    check('exam_questions_qtype', sql`${table.qtype} in (1, 2, 3)`),
    check('exam_questions_option_count', sql`cardinality(${table.options}) between 2 and 8`),
    check(
      'exam_questions_answer',
      sql`(${table.qtype} = 2 and ${table.answer} ~ '^[1-8](,[1-8])*$') or (${table.qtype} <> 2 and ${table.answer} ~ '^[1-8]$')`,
    ),
  ],
);

/**
 * A paper (the API's `pid`) drawn for one learner, year and type. `submitted_at` null is
 * is_post 1 (in progress), set is is_post 2; the counts are written in the same update.
 * At most one paper per learner, year and type is in progress: starting again returns it.
 */
export const examPapers = pgTable(
  'exam_papers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    year: integer('year')
      .notNull()
      .references(() => academicYears.year),
    examType: smallint('exam_type').notNull(),
    questionCount: smallint('question_count').notNull(),
    createdAt: createdAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    rightCount: smallint('right_count'),
    wrongCount: smallint('wrong_count'),
  },
  (table) => [
    index('exam_papers_learner_idx').on(table.learnerId, table.createdAt.desc(), table.id.desc()),
    uniqueIndex('exam_papers_one_open_idx').on(table.learnerId, table.year, table.examType).where(sql`${table.submittedAt} is null`),
    check('exam_papers_exam_type', sql`${table.examType} in (1, 2)`),
    check('exam_papers_question_count', sql`${table.questionCount} > 0`),
    check(
      'exam_papers_score',
      sql`(${table.submittedAt} is null and ${table.rightCount} is null and ${table.wrongCount} is null) or (${table.submittedAt} is not null and ${table.rightCount} >= 0 and ${table.wrongCount} >= 0 and ${table.rightCount} + ${table.wrongCount} = ${table.questionCount})`,
    ),
  ],
);

/** The questions of a paper, in carousel order, with the learner's answers and, once submitted, the marks. */
export const examPaperQuestions = pgTable(
  'exam_paper_questions',
  {
    paperId: integer('paper_id')
      .notNull()
      .references(() => examPapers.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    questionId: integer('question_id')
      .notNull()
      .references(() => examQuestions.id),
    /**
     * The learner's answer, saved as it is given (issue 16 item 15): null while unanswered
     * in a paper in progress, '' for unanswered once the paper is submitted. `is_right` is
     * null until the paper is submitted.
     */
    userAnswer: text('user_answer'),
    isRight: boolean('is_right'),
  },
  (table) => [
    primaryKey({ columns: [table.paperId, table.position] }),
    uniqueIndex('exam_paper_questions_question_idx').on(table.paperId, table.questionId),
    check('exam_paper_questions_position', sql`${table.position} >= 0`),
    check('exam_paper_questions_marked', sql`${table.isRight} is null or ${table.userAnswer} is not null`),
  ],
);

// ── Study: progress, playback sessions, the report audit trail, ratings, public quizzes ──
// (issue 6; spec 02 §3, §4, §7, §9)
//
// Progress is what the server verified, never what a browser claimed: a lesson is watched
// through a playback session (`study_sessions`, its id is the `record_id` clients send),
// every report is checked against the session and written to `study_reports` whether it was
// accepted or not, and only accepted reports move `course_progress`. Face-check photos are
// the `face_photos` rows with a course (their percent and time): with `study_reports` they
// are the audit trail an administrator reads per learner and course.

/**
 * A learner's verified progress in one course. `verified_seconds` is the furthest point of
 * the video the server accepted (the resume point, `learn_time`); `progress` follows from
 * it; `completed_at` is set once, when the required share was covered. The rating
 * (`course_evaluate`) is kept here too: one per learner and course.
 */
export const courseProgress = pgTable(
  'course_progress',
  {
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    verifiedSeconds: integer('verified_seconds').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /** 1 not satisfied … 4 very satisfied; null until rated. */
    grade: smallint('grade'),
    comment: text('comment').notNull().default(''),
    ratedAt: timestamp('rated_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.learnerId, table.courseId] }),
    check('course_progress_verified', sql`${table.verifiedSeconds} >= 0`),
    check('course_progress_progress', sql`${table.progress} between 0 and 100`),
    check('course_progress_completed', sql`(${table.progress} = 100) = (${table.completedAt} is not null)`),
    check('course_progress_grade', sql`${table.grade} between 1 and 4`),
    check('course_progress_rated', sql`(${table.grade} is null) = (${table.ratedAt} is null)`),
  ],
);

/**
 * One playback of one lesson in one page (the `record_id`). A trial session belongs to a
 * learner who is not enrolled: its position is capped at the trial limit and never becomes
 * course progress. `position_seconds` and `last_accepted_at` are the point and time of the
 * last accepted report (at the start: the resume point and the opening time), against which
 * the next report is checked.
 */
export const studySessions = pgTable(
  'study_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    trial: boolean('trial').notNull(),
    positionSeconds: integer('position_seconds').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastAcceptedAt: timestamp('last_accepted_at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * The wall-clock instant the session's verified playing time has been credited up to:
     * at opening (or a reload's continuation) the opening time, and each accepted report
     * moves it on by exactly the seconds it advanced (report-rules.ts). A report may advance
     * only as far as the wall time since this instant, so reports sent late (queued while
     * offline) still fit, and the total never outruns the wall clock. (The default only
     * covers sessions open when the column was added: every session sets it.)
     */
    creditedUntil: timestamp('credited_until', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    /** Set when a report of this session was accepted: from then on it is a live playback. */
    playingAt: timestamp('playing_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    // Only the learner: a report rewrites playing_at and last_accepted_at, and with neither
    // indexed that update stays on its heap page (HOT) instead of adding index entries.
    index('study_sessions_learner_idx').on(table.learnerId),
    check('study_sessions_position', sql`${table.positionSeconds} >= 0`),
  ],
);

export const STUDY_REPORT_OUTCOMES = [
  'accepted',
  'beyond_length',
  'too_fast',
  'backwards',
  'not_enrolled',
  'trial_limit',
  'second_session',
  'unknown_session',
  'already_completed',
] as const;
export type StudyReportOutcome = (typeof STUDY_REPORT_OUTCOMES)[number];

/**
 * Every progress report received, accepted or refused, with what it claimed: the audit
 * trail. Append-only, and without foreign keys on purpose: a trail must outlive what it
 * speaks of (nothing deletes learners, courses or playback sessions today, and a future
 * deletion must not cascade into the evidence), and its ids are written by one statement
 * (progress-reports.ts) that has just read, and for the learner updated, the rows they
 * name in the same transaction. The three foreign-key checks were about 40 % of the
 * report's write in PostgreSQL, on the hottest path of the API.
 */
export const studyReports = pgTable(
  'study_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    learnerId: integer('learner_id').notNull(),
    /** Null only for a report naming a playback session that is not the learner's. */
    courseId: integer('course_id'),
    sessionId: integer('session_id'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The position the client claimed, in seconds (fractions dropped). */
    claimedSeconds: integer('claimed_seconds').notNull(),
    outcome: text('outcome', { enum: STUDY_REPORT_OUTCOMES }).notNull(),
    /** True on the one report that completed the course. */
    completed: boolean('completed').notNull().default(false),
  },
  (table) => [
    index('study_reports_learner_course_idx').on(table.learnerId, table.courseId, table.receivedAt),
    check(
      'study_reports_outcome',
      sql`${table.outcome} in ('accepted', 'beyond_length', 'too_fast', 'backwards', 'not_enrolled', 'trial_limit', 'second_session', 'unknown_session', 'already_completed')`,
    ),
  ],
);

/**
 * The public-course quiz bank (spec 02 §3 "Public quiz question"): shared by every public
 * course; `answer` is the right option's 1-based number and never leaves the server.
 */
/**
 * The quiz questions of a public course (spec 02 §7 `public_courses_examList`): each course
 * has its own, on its own subject. A question without a course is one of the first
 * shared bank's (before issue 16), kept only because answers refer to it; none is served.
 */
export const publicQuizQuestions = pgTable(
  'public_quiz_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id').references(() => courses.id),
    title: text('title').notNull(),
    /** The options, in order (shown as A, B, C …). */
    options: text('options').array().notNull(),
    answer: smallint('answer').notNull(),
  },
  (table) => [
    unique('public_quiz_questions_course_title').on(table.courseId, table.title),
    check('public_quiz_questions_answer', sql`${table.answer} >= 1 and ${table.answer} <= cardinality(${table.options})`),
  ],
);

/** Each quiz answer submitted during a public lesson, right or wrong. */
export const publicQuizAnswers = pgTable(
  'public_quiz_answers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    questionId: integer('question_id')
      .notNull()
      .references(() => publicQuizQuestions.id),
    percentage: smallint('percentage').notNull(),
    chosen: smallint('chosen').notNull(),
    correct: boolean('correct').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('public_quiz_answers_learner_course_idx').on(table.learnerId, table.courseId)],
);

/**
 * Hits per fixed time window for the request limits (src/rate-limits): one row per action,
 * subject (a client IP, a learner) and window, counted with an upsert so that every
 * server on one database shares the count.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [primaryKey({ columns: [table.action, table.subject, table.windowStart] }), index('rate_counters_window_idx').on(table.windowStart)],
);
