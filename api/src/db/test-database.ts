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
 *   close, so test files can run in parallel against one PostgreSQL.
 * - Otherwise: an in-memory PGlite cloned from a migrated template. A fresh PGlite costs
 *   about 2.5 s (initdb); loading a dumped data folder costs about 0.4 s. The template is
 *   built by the first test file that needs it and cached in the temp folder under a name
 *   that changes whenever a migration does.
 */
export async function openTestDatabase(setup?: SetupStep): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL?.trim();
  return url ? openThrowawayPostgres(url, setup) : openPgliteClone(setup);
}

function templateFile(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const version = pgliteVersion();
  return path.join(os.tmpdir(), 'yaoshi-api-test', `pglite-${version}-${hash.digest('hex').slice(0, 16)}.tar`);
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

/** An empty database of its own on the server `serverUrl` points at. */
export async function createThrowawayDatabase(serverUrl: string): Promise<ThrowawayDatabase> {
  const name = `yaoshi_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
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
  const database = await createThrowawayDatabase(serverUrl);
  const pool = new pg.Pool({ connectionString: database.url, max: 5 });
  // pool.end() resolves before its connections have actually closed; dropping the
  // database then would kill them mid-goodbye. Wait for each to end first.
  const connectionsClosed: Promise<void>[] = [];
  pool.on('connect', (client) => {
    connectionsClosed.push(new Promise((resolve) => client.once('end', () => resolve())));
  });
  const close = async () => {
    await pool.end();
    await Promise.all(connectionsClosed);
    await database.drop();
  };
  try {
    return await preparePostgres(pool, setup, close);
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
