import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, configFromEnv, loadConfig, productionProblems, UnsafeConfigError } from '../config';
import { movableClock } from '../clock';
import type { Database } from '../db/database';
import { reminderSmsReady } from '../reminders/reminder-sending';
import { reminderSmsText } from '../reminders/reminder-sms';
import { aliyunReminderTemplateParam } from './aliyun-sms-provider';
import {
  ALIYUN_REMINDER_TEMPLATE_TEXT,
  TENCENT_REMINDER_TEMPLATE_TEXT,
  parseSmsEndpoint,
  smsGatewayProblems,
  smsGatewaySettingsFromEnv,
} from './sms-config';
import { tencentReminderTemplateParamSet } from './tencent-sms-provider';
import { smsProviderFromConfig } from './sms-provider-from-config';
import { SmsSendError } from './sms-provider';

const ALIYUN = {
  SMS_PROVIDER: 'aliyun',
  SMS_ALIYUN_ACCESS_KEY_ID: 'LTAI5tExampleKeyId',
  SMS_ALIYUN_ACCESS_KEY_SECRET: 'example-secret',
  SMS_ALIYUN_TEMPLATE_CODE: 'SMS_465300001',
};
const TENCENT = {
  SMS_PROVIDER: 'tencent',
  SMS_TENCENT_SECRET_ID: 'AKIDexample',
  SMS_TENCENT_SECRET_KEY: 'example-key',
  SMS_TENCENT_SDK_APP_ID: '1400006666',
  SMS_TENCENT_TEMPLATE_ID: '2210001',
};

const problemsOf = (env: Record<string, string>, production = false) => {
  const config = configFromEnv(env);
  return smsGatewayProblems(config.smsProvider, config.smsGateways, production);
};

test('SMS_PROVIDER: outbox by default, aliyun or tencent; anything else is refused', () => {
  assert.equal(configFromEnv({}).smsProvider, 'outbox');
  assert.equal(configFromEnv({ SMS_PROVIDER: 'aliyun' }).smsProvider, 'aliyun');
  assert.equal(configFromEnv({ SMS_PROVIDER: 'tencent' }).smsProvider, 'tencent');
  assert.throws(() => configFromEnv({ SMS_PROVIDER: 'twilio' }), ConfigError);
});

test('a complete Aliyun or Tencent configuration has no problem; defaults are the public https endpoints', () => {
  assert.deepEqual(problemsOf(ALIYUN, true), []);
  assert.deepEqual(problemsOf(TENCENT, true), []);
  const settings = smsGatewaySettingsFromEnv({});
  assert.deepEqual(settings.aliyun.endpoint, { protocol: 'https', host: 'dysmsapi.aliyuncs.com' });
  assert.deepEqual(settings.tencent.endpoint, { protocol: 'https', host: 'sms.tencentcloudapi.com' });
  assert.equal(settings.tencent.region, 'ap-guangzhou');
});

test('missing credentials and templates: one sentence each, naming the variable', () => {
  const aliyun = problemsOf({ SMS_PROVIDER: 'aliyun' });
  assert.equal(aliyun.length, 3, aliyun.join('\n'));
  for (const name of ['SMS_ALIYUN_ACCESS_KEY_ID', 'SMS_ALIYUN_ACCESS_KEY_SECRET', 'SMS_ALIYUN_TEMPLATE_CODE'])
    assert.equal(aliyun.filter((line) => line.includes(name)).length, 1, name);
  const tencent = problemsOf({ SMS_PROVIDER: 'tencent' });
  assert.equal(tencent.length, 4, tencent.join('\n'));
  for (const name of [
    'SMS_TENCENT_SECRET_ID',
    'SMS_TENCENT_SECRET_KEY',
    'SMS_TENCENT_SDK_APP_ID',
    'SMS_TENCENT_TEMPLATE_ID',
  ])
    assert.equal(tencent.filter((line) => line.includes(name)).length, 1, name);
  assert.deepEqual(problemsOf({ SMS_PROVIDER: 'outbox' }), [], 'the outbox needs nothing');
  assert.deepEqual(problemsOf({ ...ALIYUN, ...TENCENT }), [], "the other provider's variables are ignored");
});

test('malformed template ids and plain http to a remote endpoint in production', () => {
  assert.match(
    problemsOf({ ...ALIYUN, SMS_ALIYUN_TEMPLATE_CODE: '465300001' })[0] ?? '',
    /SMS_ALIYUN_TEMPLATE_CODE must look like/,
  );
  assert.match(
    problemsOf({ ...TENCENT, SMS_TENCENT_TEMPLATE_ID: 'SMS_1' })[0] ?? '',
    /SMS_TENCENT_TEMPLATE_ID must be digits/,
  );
  assert.match(
    problemsOf({ ...TENCENT, SMS_TENCENT_SDK_APP_ID: 'app' })[0] ?? '',
    /SMS_TENCENT_SDK_APP_ID must be digits/,
  );
  assert.match(
    problemsOf({ ...ALIYUN, SMS_ALIYUN_ENDPOINT: 'http://sms.example.org' }, true)[0] ?? '',
    /must be https/,
  );
  assert.deepEqual(problemsOf({ ...ALIYUN, SMS_ALIYUN_ENDPOINT: 'http://127.0.0.1:9000' }, true), []);
  assert.deepEqual(problemsOf({ ...ALIYUN, SMS_ALIYUN_ENDPOINT: 'http://sms.example.org' }, false), []);
  assert.deepEqual(parseSmsEndpoint('dysmsapi-vpc.cn-hangzhou.aliyuncs.com'), {
    protocol: 'https',
    host: 'dysmsapi-vpc.cn-hangzhou.aliyuncs.com',
  });
  assert.deepEqual(parseSmsEndpoint('http://127.0.0.1:9000'), { protocol: 'http', host: '127.0.0.1:9000' });
  for (const bad of ['https://sms.example.org/path', 'ftp://sms.example.org', 'https://u:p@sms.example.org'])
    assert.equal(parseSmsEndpoint(bad), undefined, bad);
  assert.throws(() => configFromEnv({ SMS_TENCENT_ENDPOINT: 'https://x.example.org/v1' }), ConfigError);
});

test('start-up refuses a real provider without its settings, in development too', () => {
  assert.throws(
    () => loadConfig({}, { SMS_PROVIDER: 'aliyun' }),
    (error: unknown) => error instanceof UnsafeConfigError && error.problems.length === 3,
  );
  assert.equal(loadConfig({}, ALIYUN).smsProvider, 'aliyun');
  // A real provider is what production wants: no outbox problem then.
  const production = configFromEnv({ ...TENCENT, NODE_ENV: 'production' });
  assert.equal(productionProblems(production).filter((line) => line.includes('SMS_PROVIDER')).length, 0);
});

test('the outbox is chosen only where it is allowed; an unusable configuration sends nothing', async () => {
  const db = {} as Database; // never touched: no provider below writes before it is asked to send
  const clock = movableClock(new Date());
  const log = { info() {}, warn() {} } as unknown as Parameters<typeof smsProviderFromConfig>[3];
  const message = { phone: '13812345678', code: '012345', validMinutes: 5, signature: '省药师协会' };
  for (const env of [
    { NODE_ENV: 'production' },
    { NODE_ENV: 'production', SMS_PROVIDER: 'aliyun' },
    { SMS_PROVIDER: 'tencent' },
  ]) {
    const provider = smsProviderFromConfig(configFromEnv(env), db, clock, log);
    await assert.rejects(
      provider.sendCode(message),
      (error: unknown) => error instanceof SmsSendError && error.providerCode === 'NoGateway',
      JSON.stringify(env),
    );
  }
});

test('the reminder template: optional, checked when set, and what makes SMS reminder campaigns possible', () => {
  const aliyunReminder = { ...ALIYUN, SMS_ALIYUN_REMINDER_TEMPLATE_CODE: 'SMS_465300777' };
  const tencentReminder = { ...TENCENT, SMS_TENCENT_REMINDER_TEMPLATE_ID: '2210777' };
  assert.deepEqual(problemsOf(aliyunReminder, true), []);
  assert.deepEqual(problemsOf(tencentReminder, true), []);
  assert.deepEqual(problemsOf({ ...ALIYUN, SMS_ALIYUN_REMINDER_TEMPLATE_CODE: '465300777' }), [
    'SMS_ALIYUN_REMINDER_TEMPLATE_CODE must look like SMS_123456789, got "465300777".',
  ]);
  assert.deepEqual(problemsOf({ ...TENCENT, SMS_TENCENT_REMINDER_TEMPLATE_ID: 'SMS_1' }), [
    'SMS_TENCENT_REMINDER_TEMPLATE_ID must be digits, got "SMS_1".',
  ]);

  // Without one, a real gateway cannot text reminders; the outbox can only where it is allowed.
  assert.equal(reminderSmsReady(configFromEnv(ALIYUN)), false);
  assert.equal(reminderSmsReady(configFromEnv(TENCENT)), false);
  assert.equal(reminderSmsReady(configFromEnv(aliyunReminder)), true);
  assert.equal(reminderSmsReady(configFromEnv({ ...tencentReminder, NODE_ENV: 'production' })), true);
  assert.equal(reminderSmsReady(configFromEnv({})), true, 'development: the outbox');
  assert.equal(reminderSmsReady(configFromEnv({ NODE_ENV: 'production' })), false);
  // The other provider's reminder template does not count.
  assert.equal(reminderSmsReady(configFromEnv({ ...ALIYUN, SMS_TENCENT_REMINDER_TEMPLATE_ID: '2210777' })), false);
});

test("the reminder's variables as each gateway takes them: Aliyun's JSON object, Tencent's ordered array", () => {
  const message = { phone: '13812345678', signature: '省药师协会', name: '王芳', year: 2026, missingHours: '12.5' };
  assert.deepEqual(aliyunReminderTemplateParam(message), { name: '王芳', year: '2026', hours: '12.5' });
  assert.deepEqual(tencentReminderTemplateParamSet(message), ['王芳', '2026', '12.5']);
  for (const name of ['${name}', '${year}', '${hours}']) assert.ok(ALIYUN_REMINDER_TEMPLATE_TEXT.includes(name));
  assert.match(TENCENT_REMINDER_TEMPLATE_TEXT, /^\{1\}，您\{2\}年度继续教育学时还差\{3\}学时/);
  // The development outbox writes what the approved template reads.
  const filled = ALIYUN_REMINDER_TEMPLATE_TEXT.replace('${name}', '王芳')
    .replace('${year}', '2026')
    .replace('${hours}', '12.5');
  assert.equal(reminderSmsText('省药师协会', message), `【省药师协会】${filled}`);
  assert.equal(
    TENCENT_REMINDER_TEMPLATE_TEXT.replace('{1}', '${name}').replace('{2}', '${year}').replace('{3}', '${hours}'),
    ALIYUN_REMINDER_TEMPLATE_TEXT,
  );
});
