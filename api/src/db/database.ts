import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PendingMigrationsError, pendingMigrations } from './migration-state';
import { acquireDataDirLock } from './pglite-lock';
import { assertNoRestoreInProgress } from './restore-marker';

/**
 * One handle type for both drivers. (A union of the two driver types breaks drizzle's
 * insert overloads; both extend this.)
 */
export type Database = PgDatabase<PgQueryResultHKT>;

/** The rows of a raw SQL statement: both drivers answer `{ rows }`, which the `Database` type cannot say. */
export async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

export type DatabaseKind = 'pglite' | 'postgres';

/** How the connections are used right now (GET /metrics). */
export interface PoolStats {
  /** Connections the pool may open. */
  max: number;
  /** Connections open. */
  total: number;
  /** Open and idle. */
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** The migrations this open applied (tags, oldest first); empty when the schema was current. */
  appliedMigrations: readonly string[];
  /** PostgreSQL's pool; PGlite has one in-process connection and no pool. */
  poolStats?: () => PoolStats;
  /** PGlite only: a consistent gzip tarball of its data folder (`npm run backup -- now` asks the running server for it). */
  dumpDataDir?: () => Promise<Blob>;
  /** Closes connections and, for PGlite, releases the data-folder lock. Idempotent. */
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Work done once the schema is current and before anyone is served, e.g. seeding. */
export type SetupStep = (db: Database) => Promise<void>;

/**
 * `apply`: bring the schema up to date at open (development, tests, `npm start`, the
 * migration command). `verify`: refuse with PendingMigrationsError when a migration is
 * pending, change nothing (production servers: the release's migration runs once, elsewhere).
 */
export type MigrationMode = 'apply' | 'verify';

/** Returns the migrations applied now (none in `verify` mode). */
async function bringSchemaUpToDate(
  db: Database,
  mode: MigrationMode,
  migrate: () => Promise<void>,
): Promise<readonly string[]> {
  const pending = await pendingMigrations(db, MIGRATIONS_FOLDER);
  if (pending.length === 0) return [];
  if (mode === 'verify') throw new PendingMigrationsError(pending);
  await migrate();
  return pending;
}

export interface OpenDatabaseOptions {
  /** `DATABASE_URL`; undefined means PGlite in `<dataDir>/pglite`. */
  databaseUrl: string | undefined;
  dataDir: string;
  setup?: SetupStep;
  /** Default `apply`. */
  migrations?: MigrationMode;
  /** Only the restore command itself, finishing its work (the face-photo retention) before it removes the restore marker. */
  duringRestore?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.setup, options.migrations ?? 'apply')
    : openPglite(options.dataDir, options.setup, options.migrations ?? 'apply', options.duringRestore ?? false);
}

export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

async function openPglite(
  dataDir: string,
  setup: SetupStep | undefined,
  migrations: MigrationMode,
  duringRestore: boolean,
): Promise<DatabaseHandle> {
  if (!duringRestore) assertNoRestoreInProgress(dataDir);
  const lock = acquireDataDirLock(dataDir);
  let client: PGlite | undefined;
  try {
    const dir = pgliteDir(dataDir);
    // PGlite does not create parent folders itself.
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
    const handle = await preparePglite(client, lock.release, migrations);
    await setup?.(handle.db);
    return handle;
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock.release();
    throw error;
  }
}

/** Wraps an open PGlite (a folder or a test clone) and brings its schema up to date. */
export async function preparePglite(
  client: PGlite,
  afterClose: () => void = () => undefined,
  migrations: MigrationMode = 'apply',
): Promise<DatabaseHandle> {
  const db = drizzlePglite({ client });
  const appliedMigrations = await bringSchemaUpToDate(db, migrations, () =>
    migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
  );
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'pglite',
    appliedMigrations,
    dumpDataDir: () => client.dumpDataDir('gzip'),
    close() {
      closing ??= client.close().finally(afterClose);
      return closing;
    },
  };
}

/**
 * Any number of server copies may start at once on one PostgreSQL; a session advisory
 * lock makes them migrate and seed one after another, so the later ones find the work
 * done. The number is arbitrary but fixed for this application.
 */
const SETUP_ADVISORY_LOCK = 7_242_101;
const POOL_MAX = 10;

/** How long a request waits for a database connection before it is answered 503. */
export const POOL_CONNECT_TIMEOUT_MS = 5_000;

async function openPostgres(
  connectionString: string,
  setup: SetupStep | undefined,
  migrations: MigrationMode,
): Promise<DatabaseHandle> {
  // A database that does not answer fails a request after a few seconds (503) instead of
  // holding it until the client gives up.
  const pool = new pg.Pool({ connectionString, max: POOL_MAX, connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS });
  // An idle client losing its connection emits on the pool; without a listener that
  // would crash the process. The next query reconnects.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  try {
    return await preparePostgres(pool, setup, () => pool.end(), migrations);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}

export async function preparePostgres(
  pool: pg.Pool,
  setup: SetupStep | undefined,
  closePool: () => Promise<void>,
  migrations: MigrationMode = 'apply',
): Promise<DatabaseHandle> {
  const db = drizzlePostgres({ client: pool });
  const lockHolder = await pool.connect();
  let appliedMigrations: readonly string[] = [];
  try {
    await lockHolder.query('select pg_advisory_lock($1)', [SETUP_ADVISORY_LOCK]);
    try {
      appliedMigrations = await bringSchemaUpToDate(db, migrations, () =>
        migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      );
      await setup?.(db);
    } finally {
      await lockHolder.query('select pg_advisory_unlock($1)', [SETUP_ADVISORY_LOCK]);
    }
  } finally {
    lockHolder.release();
  }
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    appliedMigrations,
    poolStats: () => ({
      max: pool.options.max ?? POOL_MAX,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close() {
      closing ??= closePool();
      return closing;
    },
  };
}
