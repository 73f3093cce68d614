import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

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
