import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { EXIT_UNSAFE_CONFIG } from '../start-errors';
import { createApiServer } from '../server';
import { MIGRATIONS_FOLDER, openDatabase, rowsOf, type OpenDatabaseOptions } from './database';
import { PendingMigrationsError, pendingAfter, readJournal } from './migration-state';
import { createThrowawayDatabase } from './test-database';

/**
 * Migrations once per release (issue 21): a production server never migrates at start and
 * refuses a schema behind its code, naming the pending migrations and the command; the
 * command migrates once; development keeps migrating at start. Runs on PGlite (a temp data
 * folder) or, with DATABASE_URL, on a throw-away PostgreSQL database.
 */

const JOURNAL = readJournal(MIGRATIONS_FOLDER);
const ALL_TAGS = JOURNAL.map((entry) => entry.tag);
const postgresUrl = process.env.DATABASE_URL?.trim();
const quiet = { logLevel: 'silent' };
const STAGING = {
  nodeEnv: 'production',
  publicBaseUrl: 'https://staging.example.org',
  signSecret: 'sign-0123456789abcdefghijklmnopqrstuvwxyz',
  mediaUrlSecret: 'media-0123456789abcdefghijklmnopqrstuvwxyz',
  paymentSandboxKey: 'sandbox-0123456789abcdefghijklmnopqrstuvwxyz',
  stagingSandbox: true,
};

const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An empty database: `databaseUrl`/`dataDir` as the server reads them, and the same as environment variables. */
async function emptyDatabase(): Promise<{ options: OpenDatabaseOptions; env: Record<string, string> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-migrate-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const dataDir = path.join(dir, 'data');
  if (!postgresUrl) return { options: { databaseUrl: undefined, dataDir }, env: { DATA_DIR: dataDir } };
  const database = await createThrowawayDatabase(postgresUrl);
  cleanups.push(() => database.drop());
  return { options: { databaseUrl: database.url, dataDir }, env: { DATABASE_URL: database.url, DATA_DIR: dataDir } };
}

async function assertEveryMigrationPending(options: OpenDatabaseOptions): Promise<void> {
  await assert.rejects(openDatabase({ ...options, migrations: 'verify' }), (error: unknown) => {
    assert.ok(error instanceof PendingMigrationsError);
    assert.deepEqual(error.pending, ALL_TAGS);
    return true;
  });
}

function run(script: string, env: Record<string, string>, stopWhen?: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url))], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (stopWhen?.test(stdout)) child.kill('SIGTERM');
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

test('pending migrations are the journal entries newer than the last one applied', () => {
  const journal = [
    { tag: '0000_a', when: 100 },
    { tag: '0001_b', when: 200 },
    { tag: '0002_c', when: 300 },
  ];
  assert.deepEqual(pendingAfter(journal, undefined), ['0000_a', '0001_b', '0002_c']);
  assert.deepEqual(pendingAfter(journal, 200), ['0002_c']);
  assert.deepEqual(pendingAfter(journal, 300), []);
});

test('verify refuses a schema behind the code and changes nothing; apply migrates once; verify then opens', async () => {
  const { options } = await emptyDatabase();
  await assert.rejects(openDatabase({ ...options, migrations: 'verify' }), (error: unknown) => {
    assert.ok(error instanceof PendingMigrationsError);
    assert.match(error.message, /npm run migrate -w api/);
    assert.match(error.message, new RegExp(`${ALL_TAGS.length} migrations behind`));
    return true;
  });
  // Changed nothing: every migration is still pending.
  await assertEveryMigrationPending(options);

  const migrated = await openDatabase({ ...options, migrations: 'apply' });
  assert.deepEqual(migrated.appliedMigrations, ALL_TAGS);
  await migrated.close();

  const verified = await openDatabase({ ...options, migrations: 'verify' });
  try {
    assert.deepEqual(verified.appliedMigrations, []);
    const [row] = await rowsOf<{ n: string }>(
      verified.db,
      sql`select count(*)::text as n from drizzle.__drizzle_migrations`,
    );
    assert.equal(Number(row?.n), ALL_TAGS.length, 'each migration recorded once');
  } finally {
    await verified.close();
  }
});

test('a production server does not migrate at start: it refuses an empty database; MIGRATE_ON_START=true lets a single server migrate', async () => {
  const { options } = await emptyDatabase();
  await assert.rejects(
    createApiServer({ ...quiet, ...STAGING, databaseUrl: options.databaseUrl, dataDir: options.dataDir }),
    PendingMigrationsError,
  );
  const server = await createApiServer({
    ...quiet,
    ...STAGING,
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    migrateOnStart: true,
  });
  await server.close();
});

test('development still migrates at start (npm start stays one command)', async () => {
  const { options } = await emptyDatabase();
  const server = await createApiServer({
    ...quiet,
    nodeEnv: 'development',
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
  });
  await server.close();
});

test('the real commands: main.ts in production refuses (exit 78, the reason); `npm run migrate -w api` migrates, then says nothing to do; then main.ts starts', async () => {
  const { env } = await emptyDatabase();
  const production = {
    ...env,
    PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    PUBLIC_BASE_URL: STAGING.publicBaseUrl,
    API_SIGN_SECRET: STAGING.signSecret,
    MEDIA_URL_SECRET: STAGING.mediaUrlSecret,
    PAYMENT_SANDBOX_KEY: STAGING.paymentSandboxKey,
    STAGING_SANDBOX: 'allow',
  };
  const refused = await run('../main.ts', production, /listening on/);
  assert.equal(refused.code, EXIT_UNSAFE_CONFIG, refused.stderr);
  assert.match(refused.stderr, /^Refusing to start: the database schema is \d+ migrations behind this release/m);
  assert.match(refused.stderr, new RegExp(ALL_TAGS.at(-1) ?? 'none'));

  const first = await run('./migrate-main.ts', env);
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stdout, new RegExp(`Applied ${ALL_TAGS.length} migration\\(s\\)`));
  const again = await run('./migrate-main.ts', env);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /Nothing to migrate: the schema is at /);

  const started = await run('../main.ts', production, /listening on/);
  assert.match(started.stdout, /listening on/, started.stderr);
  assert.equal(started.code, 0);
});
