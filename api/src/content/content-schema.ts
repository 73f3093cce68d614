import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { IntroductionChapter } from '@yaoshi/contracts/association-profile';
import { createdAt, updatedAt } from '../db/columns';

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
    // Issue 19: the SMS signature (签名) approved by the SMS provider, sent with every code;
    // the association's short name unless it registered another. Empty: codes cannot be sent.
    smsSignature: text('site_sms_signature').notNull().default(''),
    // Issue 20: the rest of the association's profile (contracts association-profile.ts). Empty
    // defaults: a fresh database names no association until its operator fills the profile in.
    shortName: text('site_short_name').notNull().default(''),
    /** 协会简介: ordered chapters of title + HTML. */
    introduction: jsonb('site_introduction').$type<IntroductionChapter[]>().notNull().default([]),
    charter: text('site_charter').notNull().default(''),
    mapLongitude: doublePrecision('site_map_longitude'),
    mapLatitude: doublePrecision('site_map_latitude'),
    footerLines: jsonb('site_footer_lines').$type<string[]>().notNull().default([]),
    privacyPolicy: text('site_privacy_policy').notNull().default(''),
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

export const ARTICLE_STATUSES = ['draft', 'published'] as const;

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
    /**
     * Issue 20: 'draft' is seen by staff only; 'published' is public from published_at on, so
     * a publication scheduled for later shows by itself once its time has passed (the public
     * queries compare published_at with the clock; no job has to run).
     */
    status: text('status', { enum: ARTICLE_STATUSES }).notNull().default('published'),
    /** Listed before the others of its category (the home page's lists are each category's first page). */
    pinned: boolean('pinned').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('articles_known_status', sql`${table.status} in ('draft', 'published')`),
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
  /** Issue 20: staff switch a slide off without losing it. */
  enabled: boolean('enabled').notNull().default(true),
});

/** Issue 20: images and attachments staff uploaded for articles and the home page, kept under `<media>/content/`. */
export const UPLOAD_KINDS = ['image', 'attachment'] as const;
export const contentFiles = pgTable(
  'content_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: UPLOAD_KINDS }).notNull(),
    /** The name it had on the uploader's computer: the name a visitor downloads it as. */
    name: text('name').notNull(),
    /** Under the media folder, e.g. `content/3f…e1.pdf`. */
    path: text('path').notNull().unique(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (table) => [check('content_files_known_kind', sql`${table.kind} in ('image', 'attachment')`)],
);

/** An article's attachments, in the order its page lists them. */
export const articleAttachments = pgTable(
  'article_attachments',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => contentFiles.id),
    sortOrder: integer('sort_order').notNull(),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.fileId] })],
);

/** Issue 20: the home page's quick links (continuing education, credit query, …), edited by staff. */
export const quickLinks = pgTable('quick_links', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  label: text('label').notNull(),
  url: text('url').notNull(),
  enabled: boolean('enabled').notNull().default(true),
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
    /** Issue 20: shown from this Beijing day to that one, both included; null: no bound. */
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
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
