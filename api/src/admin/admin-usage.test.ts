import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ADMIN_COMMANDS, ADMIN_USAGE, parseAdminArgs, type AdminCommandName } from './admin-args';

/**
 * A usage mistake exits 2 (api/README.md, "Admin CLI"), before the database is opened: one
 * mistaken line per command of ADMIN_COMMANDS, run as the real process.
 */
const MAIN = path.join(import.meta.dirname, 'main.ts');
const run = promisify(execFile);

const MISTAKES: Record<AdminCommandName, string[][]> = {
  'avatar approve': [
    ['avatar', 'approve'],
    ['avatar', 'approve', '110105194912310021'],
    ['avatar', 'approve', '11010519491231002X', 'x'],
  ],
  'avatar reject': [
    ['avatar', 'reject'],
    ['avatar', 'reject', '11010519491231002X', 'x'],
  ],
  'refund approve': [
    ['refund', 'approve'],
    ['refund', 'approve', 'not-an-order'],
    ['refund', 'approve', '202508005805', 'x'],
  ],
  'refund reject': [
    ['refund', 'reject'],
    ['refund', 'reject', 'not-an-order', '原因'],
  ],
  'refund done': [
    ['refund', 'done'],
    ['refund', 'done', '202508005805', 'x'],
  ],
  'invoice issue': [
    ['invoice', 'issue'],
    ['invoice', 'issue', '202508005805', 'x'],
  ],
  'invoice fail': [
    ['invoice', 'fail'],
    ['invoice', 'fail', 'not-an-order'],
  ],
  'create-staff': [
    ['create-staff'],
    ['create-staff', '--name', '周管理'],
    ['create-staff', '--name', '周管理', '--role', '不存在的角色'],
    ['create-staff', '--name', '周管理', '--role', '管理员', '--frobnicate', 'x'],
    ['create-staff', '--name', '周管理', '--role'],
  ],
};

test('every command in ADMIN_COMMANDS has its mistakes listed here', () => {
  assert.deepEqual(Object.keys(MISTAKES).sort(), [...ADMIN_COMMANDS].sort());
});

for (const command of ADMIN_COMMANDS) {
  test(`npm run admin -- ${command}: a usage mistake exits 2 and says what is wrong, before opening the database`, async () => {
    for (const args of MISTAKES[command]) assert.ok('error' in parseAdminArgs(args), args.join(' '));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: '/nonexistent/yaoshi-admin-usage', LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    const first = MISTAKES[command][0]!;
    const outcome = await run(process.execPath, ['--import', 'tsx', MAIN, ...first], { env }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    assert.equal(outcome.code, 2, outcome.stderr);
    assert.ok(outcome.stderr.includes(ADMIN_USAGE.split('\n')[0]!), outcome.stderr);
  });
}

test('no command at all, or an unknown one, exits 2 with the usage', async () => {
  for (const args of [[], ['frobnicate', 'now', 'please']]) {
    const outcome = await run(process.execPath, ['--import', 'tsx', MAIN, ...args], {
      env: { ...process.env, DATA_DIR: '/nonexistent/yaoshi-admin-usage', DATABASE_URL: '' },
    }).then(
      () => 0,
      (error: { code: number }) => error.code,
    );
    assert.equal(outcome, 2, args.join(' '));
  }
});
