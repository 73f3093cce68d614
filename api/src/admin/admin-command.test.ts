import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { migratedTemplate } from '../db/test-database';
import { npmPrintedBanner } from './admin-args';

/**
 * The documented automation form, run for real from the repository root: `npm run -s admin --
 * create-staff … --json` prints exactly one line on stdout, the JSON object (issue 18). It
 * runs on a fresh PGlite folder of its own, never on the test's or the developer's database.
 */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-admin-cli-'));
// The folder starts as a copy of the migrated template, as the tests' own databases do: the
// command then spends its time on itself, not on initdb and the migrations.
before(async () => {
  const folder = path.join(dataDir, 'pglite');
  fs.mkdirSync(folder, { recursive: true });
  const client = await PGlite.create(folder, { loadDataDir: await migratedTemplate() });
  await client.close();
});
after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run -s admin -- create-staff --json (the real command)', () => {
  test('stdout is one line: {"username","password","otpauth"}', { timeout: 900_000 }, async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    // A test run started by npm passes its own npm_* settings on; the command must not depend on them.
    for (const key of Object.keys(env)) if (key.startsWith('npm_')) delete env[key];
    const { stdout, stderr } = await run(
      'npm',
      ['run', '-s', 'admin', '--', 'create-staff', '--name', '第一位管理员', '--role', '管理员', '--json'],
      { cwd: REPO_ROOT, env, timeout: 420_000 },
    );
    const lines = stdout.split('\n');
    assert.equal(lines.length, 2, `stdout: ${JSON.stringify(stdout)} stderr: ${stderr}`);
    assert.equal(lines[1], '');
    const printed = JSON.parse(lines[0]!) as Record<string, string>;
    assert.deepEqual(Object.keys(printed), ['username', 'password', 'otpauth']);
    assert.equal(printed.username, '第一位管理员');
    assert.match(printed.otpauth!, /^otpauth:\/\/totp\//);
    assert.equal(stderr, '');

    // The same without -s (the folder is migrated now): npm's own banner comes first on
    // stdout, which the command cannot take back; it says on stderr how to get one line.
    const loud = await run(
      'npm',
      ['run', 'admin', '--', 'create-staff', '--name', '第二位管理员', '--role', '管理员', '--json'],
      { cwd: REPO_ROOT, env, timeout: 420_000 },
    );
    const loudLines = loud.stdout.trim().split('\n');
    assert.match(loudLines[0]!, /^> /);
    assert.deepEqual(Object.keys(JSON.parse(loudLines.at(-1)!) as object), ['username', 'password', 'otpauth']);
    assert.match(loud.stderr, /npm run -s admin/);
  });

  test('without -s, npm prints its banner on stdout first: the command says so on stderr', () => {
    assert.equal(npmPrintedBanner({ npm_lifecycle_event: 'admin' }), true);
    assert.equal(npmPrintedBanner({ npm_lifecycle_event: 'admin', npm_config_loglevel: 'silent' }), false);
    assert.equal(npmPrintedBanner({}), false);
  });
});
