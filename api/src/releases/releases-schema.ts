import { index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReleaseManifest, RouteEntry } from '@yaoshi/contracts/release-manifest';

// ── Release registry (issue 17) ─────────────────────────────────────────────────────────

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' }).notNull();

/** The remotes the site knows: data, so a new remote is added by registering it. */
/** The moves the release history records, each a line of `release_history.action`. */
export const RELEASE_ACTIONS = ['pin', 'promote', 'rollback', 'canary', 'canary-end', 'auto-rollback'] as const;
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number];

export const releaseRemotes = pgTable('release_remotes', {
  key: text('key').primaryKey(),
  federationName: text('federation_name').notNull().unique(),
  /** The Chinese name of its section, for messages ("「订单管理」模块暂时无法加载"). */
  section: text('section').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: at('created_at'),
});

/** A published version: immutable once written (same number, other content is refused). */
export const releaseVersions = pgTable(
  'release_versions',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    /** sha256 over every file's path and content (see contentHash). */
    contentHash: text('content_hash').notNull(),
    manifest: jsonb('manifest').$type<ReleaseManifest>().notNull(),
    /** The exact versions of the shared packages it was built against. */
    shared: jsonb('shared').$type<Record<string, string>>().notNull(),
    exposes: jsonb('exposes').$type<string[]>().notNull(),
    routes: jsonb('routes').$type<RouteEntry[]>().notNull(),
    /** The release token's name, or `npm run build` for versions built on this machine. */
    publisher: text('publisher').notNull(),
    publishedAt: at('published_at'),
  },
  (table) => [primaryKey({ columns: [table.remote, table.version] })],
);

/** `staging` and `production` (filled at start). */
export const releaseEnvironments = pgTable('release_environments', {
  name: text('name').primaryKey(),
});

/** The live version of each remote per environment. */
export const releasePins = pgTable(
  'release_pins',
  {
    environment: text('environment').notNull(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: at('updated_at'),
  },
  (table) => [primaryKey({ columns: [table.environment, table.remote] })],
);

/** Every move of a pin or a canary: who, when, from → to, why. Never updated or deleted. */
export const releaseHistory = pgTable(
  'release_history',
  {
    id: serial('id').primaryKey(),
    environment: text('environment').notNull(),
    remote: text('remote').notNull(),
    /** pin, rollback, canary, promote, canary-end, auto-rollback, publish */
    action: text('action', { enum: RELEASE_ACTIONS }).notNull(),
    fromVersion: text('from_version'),
    toVersion: text('to_version'),
    reason: text('reason').notNull(),
    actor: text('actor').notNull(),
    at: at('at'),
  },
  (table) => [index('release_history_remote').on(table.remote, table.id)],
);

/** A running canary: this share of visitors gets `version` instead of the pin. */
export const releaseCanaries = pgTable(
  'release_canaries',
  {
    environment: text('environment').notNull(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    percent: smallint('percent').notNull(),
    startedBy: text('started_by').notNull(),
    startedAt: at('started_at'),
  },
  (table) => [primaryKey({ columns: [table.environment, table.remote] })],
);

/**
 * What the shells report: loads and failures per environment, version and kind, counted,
 * never per visitor. A canary's counts start from zero when it starts (startCanary), so a
 * staging and a production canary of one version, or an earlier canary, never mix.
 */
export const releaseLoadCounts = pgTable(
  'release_load_counts',
  {
    /** The environment the reporting server serves (RELEASE_ENV). */
    environment: text('environment').notNull().default('production'),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    /** `load` (a page of it loaded), `load-error`, `render-error` */
    kind: text('kind').notNull(),
    count: integer('count').notNull(),
    updatedAt: at('updated_at'),
  },
  (table) => [primaryKey({ columns: [table.environment, table.remote, table.version, table.kind] })],
);

/**
 * A running canary's evidence, per visitor (the browser's `yaoshi_vid`): how many pages of the
 * canary's version it really loaded, and how many failures it reported. An automatic rollback
 * counts a visitor's failures only up to its own loads, and needs failing visitors from
 * several browsers and several addresses, so one address's claims never end a canary. Rows of
 * a version start over when its canary starts (startCanary).
 */
export const releaseCanaryVisitors = pgTable(
  'release_canary_visitors',
  {
    environment: text('environment').notNull(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    visitor: text('visitor').notNull(),
    /** The address of the visitor's first report of this canary. */
    address: text('address').notNull(),
    loads: integer('loads').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    updatedAt: at('updated_at'),
  },
  (table) => [primaryKey({ columns: [table.environment, table.remote, table.version, table.visitor] })],
);
