import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { MIGRATIONS_FOLDER, preparePglite, preparePostgres, type DatabaseHandle, type SetupStep } from './database';

/**
 * A private, migrated database for one test file.
 *
 * - With `DATABASE_URL` set: a throw-away database created on that server and dropped on
 *   close, so test files can run in parallel against one PostgreSQL. It is copied from a
 *   migrated template database (`CREATE DATABASE … TEMPLATE`, a file copy), made once per
 *   migration set on that server, instead of running every migration for every test file.
 * - Otherwise: an in-memory PGlite cloned from a migrated template. A fresh PGlite costs
 *   about 2.5 s (initdb); loading a dumped data folder costs about 0.4 s. The template is
 *   built by the first test file that needs it and cached in the temp folder under a name
 *   that changes whenever a migration does.
 */
export async function openTestDatabase(setup?: SetupStep): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL?.trim();
  return url ? openThrowawayPostgres(url, setup) : openPgliteClone(setup);
}

/** Changes whenever a migration does: the name of both templates. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

function templateFile(): string {
  return path.join(os.tmpdir(), 'yaoshi-api-test', `pglite-${pgliteVersion()}-${migrationsHash()}.tar`);
}

/** A dump is only loadable by the PGlite that wrote it, so its version is part of the name. */
function pgliteVersion(): string {
  // The package does not export its package.json; walk up from its entry point.
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (dir !== path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json');
    if (fs.existsSync(candidate)) {
      const { name, version } = JSON.parse(fs.readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (name === '@electric-sql/pglite' && version) return version;
    }
    dir = path.dirname(dir);
  }
  return 'unknown';
}

/** The migrated template dump (a tarball PGlite loads with `loadDataDir`), made once per migration set. */
export async function migratedTemplate(): Promise<Blob> {
  const file = templateFile();
  if (!fs.existsSync(file)) {
    const client = await PGlite.create();
    const handle = await preparePglite(client);
    const dump = await client.dumpDataDir('none');
    await handle.close();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Write aside and rename: a parallel test file never reads half a template.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

async function openPgliteClone(setup: SetupStep | undefined): Promise<DatabaseHandle> {
  const client = await PGlite.create({ loadDataDir: await migratedTemplate() });
  const handle = await preparePglite(client);
  await setup?.(handle.db);
  return handle;
}

export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A pool whose `end` resolves once every connection it opened has closed. `pool.end()` alone
 * resolves before they have; dropping or renaming the database then would cut them
 * mid-goodbye, and the pool's clients would throw it as an uncaught error.
 */
function closablePool(connectionString: string, max: number): { pool: pg.Pool; end: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString, max });
  const connectionsClosed: Promise<void>[] = [];
  pool.on('connect', (client) => {
    connectionsClosed.push(new Promise((resolve) => client.once('end', () => resolve())));
  });
  return {
    pool,
    async end() {
      await pool.end();
      await Promise.all(connectionsClosed);
    },
  };
}

/** Waits (up to 10 s) until the server has no session left on database `name`. */
export async function untilNoSessions(admin: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await admin.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    if (rows[0]?.n === 0 || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Serialises the making of the PostgreSQL template between test files starting at once. */
const TEMPLATE_ADVISORY_LOCK = 7_242_102;

/**
 * The migrated template database on the server `admin` is connected to, made once per
 * migration set: built under another name, then renamed, so a half-made one is never copied.
 */
async function postgresTemplate(admin: pg.Client, serverUrl: string): Promise<string> {
  const name = `yaoshi_template_${migrationsHash()}`;
  await admin.query('select pg_advisory_lock($1)', [TEMPLATE_ADVISORY_LOCK]);
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_${process.pid}`;
      await admin.query(`drop database if exists "${building}"`);
      await admin.query(`create database "${building}"`);
      // Two connections: one holds the setup lock while another migrates.
      const { pool, end } = closablePool(databaseUrl(serverUrl, building), 2);
      const handle = await preparePostgres(pool, undefined, end);
      await handle.close();
      // A template may have no session open on it. The pool's have ended on this side; wait
      // until the server has let them go too, rather than terminating them under the pool's
      // clients (an uncaught "terminating connection due to administrator command").
      await untilNoSessions(admin, building);
      await admin.query(`alter database "${building}" rename to "${name}"`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_ADVISORY_LOCK]);
  }
  return name;
}

/**
 * A database of its own on the server `serverUrl` points at: empty, or with `migrated`, a
 * copy of the migrated template.
 */
export async function createThrowawayDatabase(
  serverUrl: string,
  options: { migrated?: boolean } = {},
): Promise<ThrowawayDatabase> {
  const name = `yaoshi_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const template = options.migrated ? await postgresTemplate(admin, serverUrl) : null;
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = databaseUrl(serverUrl, name);
  return {
    url,
    async drop() {
      try {
        // `with (force)` (PostgreSQL 13+) ends any connection a failed test left open.
        await admin.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

async function openThrowawayPostgres(serverUrl: string, setup: SetupStep | undefined): Promise<DatabaseHandle> {
  const database = await createThrowawayDatabase(serverUrl, { migrated: true });
  const { pool, end } = closablePool(database.url, 5);
  const close = async () => {
    await end();
    await database.drop();
  };
  try {
    return await preparePostgres(pool, setup, close);
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
