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
import { acquireDataDirLock } from './pglite-lock';

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
  /** PostgreSQL's pool; PGlite has one in-process connection and no pool. */
  poolStats?: () => PoolStats;
  /** Closes connections and, for PGlite, releases the data-folder lock. Idempotent. */
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Work done once the schema is current and before anyone is served, e.g. seeding. */
export type SetupStep = (db: Database) => Promise<void>;

export interface OpenDatabaseOptions {
  /** `DATABASE_URL`; undefined means PGlite in `<dataDir>/pglite`. */
  databaseUrl: string | undefined;
  dataDir: string;
  setup?: SetupStep;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.setup)
    : openPglite(options.dataDir, options.setup);
}

export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

async function openPglite(dataDir: string, setup: SetupStep | undefined): Promise<DatabaseHandle> {
  const lock = acquireDataDirLock(dataDir);
  let client: PGlite | undefined;
  try {
    const dir = pgliteDir(dataDir);
    // PGlite does not create parent folders itself.
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
    const handle = await preparePglite(client, lock.release);
    await setup?.(handle.db);
    return handle;
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock.release();
    throw error;
  }
}

/** Wraps an open PGlite (a folder or a test clone) and brings its schema up to date. */
export async function preparePglite(client: PGlite, afterClose: () => void = () => undefined): Promise<DatabaseHandle> {
  const db = drizzlePglite({ client });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'pglite',
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

async function openPostgres(connectionString: string, setup: SetupStep | undefined): Promise<DatabaseHandle> {
  // A database that does not answer fails a request after a few seconds (503) instead of
  // holding it until the client gives up.
  const pool = new pg.Pool({ connectionString, max: POOL_MAX, connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS });
  // An idle client losing its connection emits on the pool; without a listener that
  // would crash the process. The next query reconnects.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  try {
    return await preparePostgres(pool, setup, () => pool.end());
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}

export async function preparePostgres(
  pool: pg.Pool,
  setup: SetupStep | undefined,
  closePool: () => Promise<void>,
): Promise<DatabaseHandle> {
  const db = drizzlePostgres({ client: pool });
  const lockHolder = await pool.connect();
  try {
    await lockHolder.query('select pg_advisory_lock($1)', [SETUP_ADVISORY_LOCK]);
    try {
      await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
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
