import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT_UNSAFE_CONFIG } from '../start-errors';

/** `npm run seed:demo` (api/src/seed/seed-demo-main.ts) as a child process on a fresh PGlite folder. */
const SEED_DEMO = fileURLToPath(new URL('./seed-demo-main.ts', import.meta.url));
const tempDirs: string[] = [];
after(() => tempDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function seedDemo(env: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-seed-demo-'));
  tempDirs.push(dir);
  const dataDir = path.join(dir, 'data');
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const result = spawnSync(process.execPath, ['--import', 'tsx', SEED_DEMO], {
    env: { ...inherited, DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { ...result, dataDir };
}

test('seed:demo is refused in production and opens nothing', () => {
  const result = seedDemo({ NODE_ENV: 'production' });
  assert.equal(result.status, EXIT_UNSAFE_CONFIG);
  assert.match(result.stderr, /Refusing to seed demo data/);
  assert.equal(fs.existsSync(result.dataDir), false);
});

test('seed:demo writes the demo data on purpose in development, and nothing the second time', () => {
  const first = seedDemo({ NODE_ENV: 'development' });
  assert.equal(first.status, 0, first.stderr);
  assert.match(first.stdout, /Demo data written/);
  const second = spawnSync(process.execPath, ['--import', 'tsx', SEED_DEMO], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: first.dataDir, NODE_ENV: 'development' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.equal(second.status, 0, second.stderr);
  assert.match(second.stdout, /already complete/);
});
