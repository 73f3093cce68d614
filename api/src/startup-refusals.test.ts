import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEVELOPMENT_SIGN_SECRET } from '@yaoshi/envelope/envelope';
import { DEVELOPMENT_MEDIA_URL_SECRET, DEVELOPMENT_SANDBOX_PAYMENT_KEY, loadConfig, UnsafeConfigError } from './config';
import { DEVELOPMENT_RELEASE_TOKEN } from './releases/release-config';
import { EXIT_UNSAFE_CONFIG } from './start-errors';

/**
 * Production start-up. The real entry point (api/src/main.ts) runs as a child process three
 * times: the baseline (a declared staging site with real secrets) must start, or the
 * refusals would prove nothing; `NODE_ENV=Production` with every default must print each
 * problem on its own line, exit 78 and open nothing; and a staging site with a real SMS
 * provider must start. Each single unsafe variable is then checked in process through
 * `loadConfig`, the first call `createApiServer` makes, whose problems are exactly the
 * lines main.ts prints after "Refusing to start: " (a child process costs seconds each).
 */

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const tempDirs: string[] = [];
after(() => tempDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const SAFE_STAGING: Record<string, string> = {
  NODE_ENV: 'production',
  PUBLIC_BASE_URL: 'https://staging.example.org',
  API_SIGN_SECRET: 'sign-0123456789abcdefghijklmnopqrstuvwxyz',
  MEDIA_URL_SECRET: 'media-0123456789abcdefghijklmnopqrstuvwxyz',
  PAYMENT_SANDBOX_KEY: 'sandbox-0123456789abcdefghijklmnopqrstuvwxyz',
  STAGING_SANDBOX: 'allow',
  // A fresh data folder: one server that migrates itself (production's default is to refuse
  // a schema behind the code until `npm run migrate -w api` ran; db/migration-state.test.ts).
  MIGRATE_ON_START: 'true',
  RELEASE_TOKENS:
    'ci:release-ci-0123456789abcdefghijklmnopqrstuvwxyz,ops:release-ops-0123456789abcdefghijklmnopqrstuvwxyz',
};

interface Outcome {
  code: number | null;
  lines: string[];
  dataDir: string;
  started: boolean;
}

/** Runs main.ts with `env` on top of a clean environment; stops it once it listens. */
function runMain(env: Record<string, string | undefined>): Promise<Outcome> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-startup-'));
  tempDirs.push(dir);
  const dataDir = path.join(dir, 'data');
  const base: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  const merged = Object.fromEntries(
    Object.entries({ ...base, ...env }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let started = false;
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    if (!started && chunk.includes('listening on')) {
      started = true;
      child.kill('SIGTERM');
    }
  });
  // A cold start (tsx compiling the API, PGlite's initdb) takes seconds alone and a minute on a busy machine.
  const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({
        code,
        lines: stderr.split('\n').filter((line) => line.startsWith('Refusing to start: ')),
        dataDir,
        started,
      });
    });
  });
}

async function assertRefused(env: Record<string, string | undefined>, ...expected: RegExp[]): Promise<void> {
  const outcome = await runMain(env);
  assert.equal(outcome.started, false, 'it must not start');
  assert.equal(outcome.code, EXIT_UNSAFE_CONFIG);
  assert.equal(outcome.lines.length, expected.length, `one line per problem, got:\n${outcome.lines.join('\n')}`);
  for (const pattern of expected)
    assert.ok(
      outcome.lines.some((line) => pattern.test(line)),
      `no line matches ${pattern}:\n${outcome.lines.join('\n')}`,
    );
  assert.equal(fs.existsSync(outcome.dataDir), false, 'nothing was opened');
}

/** The problems `loadConfig` (the server's first step) finds in `env` on top of a clean environment. */
function refusedInProcess(env: Record<string, string | undefined>, ...expected: RegExp[]): void {
  const clean = { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  let problems: readonly string[] = [];
  try {
    loadConfig({}, { ...clean, ...env });
  } catch (error) {
    assert.ok(error instanceof UnsafeConfigError, `expected an unsafe configuration, got ${String(error)}`);
    problems = error.problems;
  }
  assert.equal(problems.length, expected.length, `one line per problem, got:\n${problems.join('\n')}`);
  for (const pattern of expected) {
    const line = `Refusing to start: ${problems.find((problem) => pattern.test(`Refusing to start: ${problem}`)) ?? ''}`;
    assert.match(line, pattern, `no line matches ${pattern}:\n${problems.join('\n')}`);
  }
}

describe('production start-up (the real entry point)', { concurrency: 3 }, () => {
  test('a staging site with real secrets and an https address starts (the baseline of the refusals below)', async () => {
    const outcome = await runMain(SAFE_STAGING);
    assert.equal(outcome.started, true);
    assert.equal(outcome.code, 0, 'and stops cleanly on SIGTERM');
  });

  test('any NODE_ENV other than development and test is production: NODE_ENV=Production with defaults refuses every unsafe default', () =>
    assertRefused(
      { NODE_ENV: 'Production' },
      /PUBLIC_BASE_URL is unset/,
      /API_SIGN_SECRET is the public development default/,
      /MEDIA_URL_SECRET is the public development default/,
      /PAYMENT_SANDBOX_KEY is the public development default/,
      /PAYMENT_PROVIDER is the sandbox/,
      /INVOICE_PROVIDER is the sandbox/,
      /SMS_PROVIDER is the development outbox/,
      /SMTP_URL is unset, so mail would go to the development mail outbox/,
    ));

  test('a staging site with a real SMS provider configured starts', async () => {
    const outcome = await runMain({
      ...SAFE_STAGING,
      SMS_PROVIDER: 'tencent',
      SMS_TENCENT_SECRET_ID: 'AKIDexample',
      SMS_TENCENT_SECRET_KEY: 'example-secret-key',
      SMS_TENCENT_SDK_APP_ID: '1400006666',
      SMS_TENCENT_TEMPLATE_ID: '2210001',
    });
    assert.equal(outcome.started, true);
    assert.deepEqual(outcome.lines, []);
  });
});

describe('production start-up refuses each unsafe setting on its own line', () => {
  test('the sandbox gateway, the invoice sandbox, the SMS outbox and the mail outbox are refused without STAGING_SANDBOX=allow', () =>
    refusedInProcess(
      { ...SAFE_STAGING, STAGING_SANDBOX: undefined },
      /^Refusing to start: PAYMENT_PROVIDER is the sandbox/,
      /^Refusing to start: INVOICE_PROVIDER is the sandbox: .*测试发票（无效）/,
      /^Refusing to start: SMS_PROVIDER is the development outbox/,
      /^Refusing to start: SMTP_URL is unset, so mail would go to the development mail outbox: .*\/dev\/mail-outbox/,
    ));

  test('a mail server (SMTP_URL) without a sender (MAIL_FROM) is refused, named; with both, production has no mail problem', () => {
    refusedInProcess(
      { ...SAFE_STAGING, SMTP_URL: 'smtps://noreply%40example.org:secret@smtp.example.org:465' },
      /^Refusing to start: SMTP_URL is set without MAIL_FROM/,
    );
    refusedInProcess(
      {
        ...SAFE_STAGING,
        STAGING_SANDBOX: undefined,
        SMTP_URL: 'smtps://noreply%40example.org:secret@smtp.example.org:465',
        MAIL_FROM: '省药师协会 <noreply@example.org>',
      },
      /^Refusing to start: PAYMENT_PROVIDER is the sandbox/,
      /^Refusing to start: INVOICE_PROVIDER is the sandbox/,
      /^Refusing to start: SMS_PROVIDER is the development outbox/,
    );
  });

  test('BOUNCE_IMAP_URL over plain imap:// off loopback is refused, named; imaps:// and a loopback relay are not', () => {
    const mail = {
      ...SAFE_STAGING,
      SMTP_URL: 'smtps://noreply%40example.org:secret@smtp.example.org:465',
      MAIL_FROM: '省药师协会 <noreply@example.org>',
    };
    refusedInProcess(
      { ...mail, BOUNCE_IMAP_URL: 'imap://noreply%40example.org:secret@imap.exmail.qq.com:143' },
      /^Refusing to start: BOUNCE_IMAP_URL must be imaps:\/\/ in production \(plain imap:\/\/ only on loopback\).*imap\.exmail\.qq\.com:993/,
    );
    refusedInProcess({ ...mail, BOUNCE_IMAP_URL: 'imaps://noreply%40example.org:secret@imap.exmail.qq.com:993' });
    refusedInProcess({ ...mail, BOUNCE_IMAP_URL: 'imap://noreply%40example.org:secret@127.0.0.1:1143' });
    assert.throws(
      () => loadConfig({}, { ...mail, BOUNCE_IMAP_URL: 'https://imap.example.org' }),
      /BOUNCE_IMAP_URL must be an imaps:\/\/ \(or imap:\/\/\) address/,
    );
  });

  test('SMTP_URL that is not an smtp:// or smtps:// address', () =>
    assert.throws(
      () => loadConfig({}, { ...SAFE_STAGING, SMTP_URL: 'https://mail.example.org' }),
      /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ address/,
    ));

  test('INVOICE_PROVIDER=nuonuo without its credential files or seller details: one line each', () =>
    refusedInProcess(
      { ...SAFE_STAGING, INVOICE_PROVIDER: 'nuonuo', NUONUO_APP_KEY_FILE: '/nonexistent/app-key' },
      /^Refusing to start: NUONUO_APP_KEY_FILE \(\/nonexistent\/app-key\) cannot be read: ENOENT/,
      /^Refusing to start: NUONUO_APP_SECRET_FILE is unset, but nuonuo is the configured invoice provider/,
      /^Refusing to start: NUONUO_ACCESS_TOKEN_FILE is unset/,
      /^Refusing to start: NUONUO_TAX_NUMBER_FILE is unset/,
      /^Refusing to start: NUONUO_SELLER_PHONE is unset/,
      /^Refusing to start: NUONUO_SELLER_ADDRESS is unset/,
      /^Refusing to start: NUONUO_CLERK is unset/,
    ));

  test('PUBLIC_BASE_URL unset', () =>
    refusedInProcess({ ...SAFE_STAGING, PUBLIC_BASE_URL: undefined }, /PUBLIC_BASE_URL is unset/));

  test('PUBLIC_BASE_URL over http to a public host', () =>
    refusedInProcess(
      { ...SAFE_STAGING, PUBLIC_BASE_URL: 'http://staging.example.org' },
      /PUBLIC_BASE_URL must be https/,
    ));

  test('API_SIGN_SECRET left at the development default', () =>
    refusedInProcess(
      { ...SAFE_STAGING, API_SIGN_SECRET: DEVELOPMENT_SIGN_SECRET },
      /API_SIGN_SECRET is the public development default/,
    ));

  test('API_SIGN_SECRET shorter than 32 bytes', () =>
    refusedInProcess(
      { ...SAFE_STAGING, API_SIGN_SECRET: 'short-but-not-default' },
      /API_SIGN_SECRET is shorter than 32 bytes/,
    ));

  test('MEDIA_URL_SECRET left at the development default', () =>
    refusedInProcess(
      { ...SAFE_STAGING, MEDIA_URL_SECRET: DEVELOPMENT_MEDIA_URL_SECRET },
      /MEDIA_URL_SECRET is the public development default/,
    ));

  test('MEDIA_URL_SECRET equal to API_SIGN_SECRET', () =>
    refusedInProcess(
      { ...SAFE_STAGING, MEDIA_URL_SECRET: SAFE_STAGING.API_SIGN_SECRET },
      /API_SIGN_SECRET and MEDIA_URL_SECRET are the same secret/,
    ));

  test('PAYMENT_SANDBOX_KEY left at the development default', () =>
    refusedInProcess(
      { ...SAFE_STAGING, PAYMENT_SANDBOX_KEY: DEVELOPMENT_SANDBOX_PAYMENT_KEY },
      /PAYMENT_SANDBOX_KEY is the public development default/,
    ));

  test('METRICS_TOKEN shorter than 32 bytes', () =>
    refusedInProcess({ ...SAFE_STAGING, METRICS_TOKEN: 'metrics' }, /METRICS_TOKEN is shorter than 32 bytes/));

  test('RELEASE_TOKENS: a token shorter than 32 bytes', () =>
    refusedInProcess(
      { ...SAFE_STAGING, RELEASE_TOKENS: 'ci:release-0123456789' },
      /^Refusing to start: RELEASE_TOKENS \(ci\) is shorter than 32 bytes/,
    ));

  test('RELEASE_TOKENS: the public development token', () =>
    refusedInProcess(
      { ...SAFE_STAGING, RELEASE_TOKENS: `dev:${DEVELOPMENT_RELEASE_TOKEN}` },
      /^Refusing to start: RELEASE_TOKENS \(dev\) is the public development default/,
    ));

  test('JOB_RUNNER=in-process on a PostgreSQL server (each server would run every timed job itself)', () =>
    refusedInProcess(
      { ...SAFE_STAGING, DATABASE_URL: 'postgres://u@db:5432/yaoshi', JOB_RUNNER: 'in-process' },
      /^Refusing to start: JOB_RUNNER=in-process on a PostgreSQL server/,
    ));

  test('JOB_RUNNER=pg-boss without a PostgreSQL server', () =>
    refusedInProcess(
      { ...SAFE_STAGING, JOB_RUNNER: 'pg-boss' },
      /^Refusing to start: JOB_RUNNER=pg-boss needs a PostgreSQL server/,
    ));

  test('RELEASE_TOKENS: a token equal to another secret', () =>
    refusedInProcess(
      { ...SAFE_STAGING, RELEASE_TOKENS: `ci:${SAFE_STAGING.MEDIA_URL_SECRET}` },
      /^Refusing to start: MEDIA_URL_SECRET and RELEASE_TOKENS \(ci\) are the same secret/,
    ));

  test('SMS_PROVIDER=aliyun without its credentials or template: one line each', () =>
    refusedInProcess(
      { ...SAFE_STAGING, SMS_PROVIDER: 'aliyun', SMS_ALIYUN_TEMPLATE_CODE: 'SMS_465300001' },
      /^Refusing to start: SMS_PROVIDER=aliyun needs SMS_ALIYUN_ACCESS_KEY_ID/,
      /^Refusing to start: SMS_PROVIDER=aliyun needs SMS_ALIYUN_ACCESS_KEY_SECRET/,
    ));

  test('SMS_PROVIDER=tencent without its credentials, application or template: one line each', () =>
    refusedInProcess(
      { ...SAFE_STAGING, SMS_PROVIDER: 'tencent', SMS_TENCENT_SECRET_ID: 'AKIDexample' },
      /^Refusing to start: SMS_PROVIDER=tencent needs SMS_TENCENT_SECRET_KEY/,
      /^Refusing to start: SMS_PROVIDER=tencent needs SMS_TENCENT_SDK_APP_ID/,
      /^Refusing to start: SMS_PROVIDER=tencent needs SMS_TENCENT_TEMPLATE_ID/,
    ));
});
