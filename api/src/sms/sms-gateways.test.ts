import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { configFromEnv, type Config } from '../config';
import { siteSettings } from '../content/content-schema';
import { MESSAGES } from '../messages';
import { ASSOCIATION } from '../seed/site-content';
import { startAliyunSmsSimulator, type AliyunSmsSimulator } from '../test-support/aliyun-sms-simulator';
import { startTencentSmsSimulator, type TencentSmsSimulator } from '../test-support/tencent-sms-simulator';
import { LI, WANG, ZHANG, assertRefused, authed, dataOf } from '../test-support/learner-session';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { DEV_OUTBOX_PATH } from './dev-outbox-routes';
import { DAY_MS, PHONE_MAX_PER_HOUR } from './sms-limits';
import { smsCodes } from './sms-schema';

/**
 * The real SDKs of Aliyun SMS and Tencent Cloud SMS, end to end through the API over HTTP,
 * against local simulators of each provider's endpoint and request signature (credentials
 * made per run): a code reaches the simulator with the association's signature and the
 * configured template and then logs in; a provider refusal or a wrong secret shows the
 * learner 发送失败，请稍后再试, uses none of the phone's quota and is logged with the
 * provider's code but without the code or the full phone number.
 */

const ALIYUN_TEMPLATE = 'SMS_465300001';
const TENCENT_TEMPLATE = '2210001';
const SIGNATURE = ASSOCIATION.shortName;
const MINUTE = 60_000;

interface LoggedServer {
  server: TestServer;
  /** The JSON log lines so far, raw. */
  lines: string[];
}

/** `sharing`: a second server on the first one's database (it stays open), to spare a second seeding. */
async function startLoggedServer(config: Partial<Config>, sharing?: TestServer): Promise<LoggedServer> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const database = sharing && {
    db: sharing.db,
    kind: 'pglite' as const,
    appliedMigrations: [],
    close: async () => undefined,
  };
  const server = await startTestServer({
    config,
    logger: { level: 'info', stream },
    ...(sharing && database ? { database, clock: sharing.clock } : {}),
  });
  return { server, lines };
}

function gateways(overrides: Partial<Config['smsGateways']>): Config['smsGateways'] {
  return { ...configFromEnv({}).smsGateways, ...overrides };
}

interface ProviderUnderTest<Simulator> {
  name: 'aliyun' | 'tencent';
  start(): Promise<Simulator>;
  config(simulator: Simulator, wrongSecret?: boolean): Partial<Config>;
  /** Phone, signature, template and code of the last text the simulator accepted. */
  lastSent(simulator: Simulator): { phone: string; signature: string; template: string; code: unknown } | undefined;
  sentCount(simulator: Simulator): number;
  lastAnswer(simulator: Simulator): string | undefined;
  refuseNext(simulator: Simulator): string;
  wrongSecretCode: string;
  close(simulator: Simulator): Promise<void>;
}

const aliyun: ProviderUnderTest<AliyunSmsSimulator> = {
  name: 'aliyun',
  start: () => startAliyunSmsSimulator({ signNames: [SIGNATURE], templateCodes: [ALIYUN_TEMPLATE] }),
  config: (simulator, wrongSecret = false) => ({
    smsProvider: 'aliyun',
    smsGateways: gateways({
      aliyun: {
        accessKeyId: simulator.accessKeyId,
        accessKeySecret: wrongSecret ? `${simulator.accessKeySecret}x` : simulator.accessKeySecret,
        templateCode: ALIYUN_TEMPLATE,
        reminderTemplateCode: undefined,
        endpoint: { protocol: 'http', host: simulator.host },
      },
    }),
  }),
  lastSent: (simulator) => {
    const sent = simulator.sent.at(-1);
    return sent && { phone: sent.phone, signature: sent.signName, template: sent.templateCode, code: sent.params.code };
  },
  sentCount: (simulator) => simulator.sent.length,
  lastAnswer: (simulator) => simulator.answers.at(-1),
  refuseNext: (simulator) => {
    simulator.failNext('isv.BUSINESS_LIMIT_CONTROL');
    return 'isv.BUSINESS_LIMIT_CONTROL';
  },
  wrongSecretCode: 'SignatureDoesNotMatch',
  close: (simulator) => simulator.close(),
};

const tencent: ProviderUnderTest<TencentSmsSimulator> = {
  name: 'tencent',
  start: () => startTencentSmsSimulator({ signNames: [SIGNATURE], templateIds: [TENCENT_TEMPLATE] }),
  config: (simulator, wrongSecret = false) => ({
    smsProvider: 'tencent',
    smsGateways: gateways({
      tencent: {
        secretId: simulator.secretId,
        secretKey: wrongSecret ? `${simulator.secretKey}x` : simulator.secretKey,
        sdkAppId: simulator.sdkAppId,
        templateId: TENCENT_TEMPLATE,
        reminderTemplateId: undefined,
        region: 'ap-guangzhou',
        endpoint: { protocol: 'http', host: simulator.host },
      },
    }),
  }),
  lastSent: (simulator) => {
    const sent = simulator.sent.at(-1);
    return (
      sent && {
        phone: sent.phoneNumber.replace(/^\+86/, ''),
        signature: sent.signName,
        template: sent.templateId,
        code: sent.templateParams.length === 1 ? sent.templateParams[0] : sent.templateParams,
      }
    );
  },
  sentCount: (simulator) => simulator.sent.length,
  lastAnswer: (simulator) => simulator.answers.at(-1),
  refuseNext: (simulator) => {
    simulator.failNext('LimitExceeded.PhoneNumberDailyLimit');
    return 'LimitExceeded.PhoneNumberDailyLimit';
  },
  wrongSecretCode: 'AuthFailure.SignatureFailure',
  close: (simulator) => simulator.close(),
};

interface LogLine {
  msg?: string;
  phone?: string;
  providerCode?: string;
  smsProvider?: string;
  [field: string]: unknown;
}

const parsed = (lines: readonly string[]) => lines.map((line) => JSON.parse(line) as LogLine);
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

function describeProvider<Simulator>(provider: ProviderUnderTest<Simulator>): void {
  describe(`SMS_PROVIDER=${provider.name} against its protocol simulator`, () => {
    let simulator: Simulator;
    let api: LoggedServer;
    before(async () => {
      simulator = await provider.start();
      api = await startLoggedServer(provider.config(simulator));
    });
    after(async () => {
      await api.server.close();
      await provider.close(simulator);
    });

    const requestCode = (server: TestServer, phone: string) =>
      server.call({ method: 'GET', path: '/v1/vcode', payload: { phone } });
    const codeLogin = (phone: string, vcode: string) =>
      api.server.call({ method: 'POST', path: '/v1/login', payload: { type: '2', phone, vcode } });
    const freshDay = () => api.server.clock.advance(DAY_MS + MINUTE);

    test('the code reaches the phone with the signature and template, then logs in; no outbox', async () => {
      freshDay();
      dataOf(await requestCode(api.server, ZHANG.phone));
      const sent = provider.lastSent(simulator);
      assert.ok(sent, 'the simulator accepted a text');
      assert.equal(sent.phone, ZHANG.phone);
      assert.equal(sent.signature, SIGNATURE);
      assert.equal(sent.template, provider.name === 'aliyun' ? ALIYUN_TEMPLATE : TENCENT_TEMPLATE);
      assert.match(String(sent.code), /^\d{6}$/);
      const { token } = dataOf(await codeLogin(ZHANG.phone, String(sent.code))) as { token: string };
      dataOf(await authed(api.server, token, 'GET', '/v1/userinfo'));
      assert.equal((await api.server.send(`${DEV_OUTBOX_PATH}?phone=${ZHANG.phone}`)).status, 404);
    });

    test('a provider refusal: 发送失败，请稍后再试, the quota untouched, the provider code logged', async () => {
      freshDay();
      const before = provider.sentCount(simulator);
      const logged = api.lines.length;
      // More refusals than the phone may ask for in an hour, back to back: none of them counted.
      let providerCode = '';
      for (let attempt = 0; attempt <= PHONE_MAX_PER_HOUR; attempt += 1) {
        providerCode = provider.refuseNext(simulator);
        const refused = await requestCode(api.server, LI.phone);
        assertRefused(refused, 503, MESSAGES.smsSendFailed);
        assert.equal(provider.lastAnswer(simulator), providerCode);
      }
      assert.equal(provider.sentCount(simulator), before);
      assert.equal((await api.server.db.select().from(smsCodes).where(eq(smsCodes.phone, LI.phone))).length, 0);
      // At once, without the 60-second wait: the phone's quota was not used.
      dataOf(await requestCode(api.server, LI.phone));
      assert.equal(provider.lastSent(simulator)?.phone, LI.phone);
      dataOf(await codeLogin(LI.phone, String(provider.lastSent(simulator)?.code)));

      const lines = api.lines.slice(logged);
      const failures = parsed(lines).filter((line) => line.providerCode !== undefined);
      assert.equal(failures.length, PHONE_MAX_PER_HOUR + 1);
      for (const line of failures) {
        assert.equal(line.providerCode, providerCode);
        assert.equal(line.smsProvider, provider.name);
        assert.equal(line.phone, masked(LI.phone));
      }
      const all = lines.join('\n');
      assert.equal(all.includes(LI.phone), false, 'no full phone number in the log');
      assert.equal(all.includes(String(provider.lastSent(simulator)?.code)), false, 'no code in the log');
    });

    test('a wrong secret: the simulator refuses the signature; the same message, the provider code logged', async () => {
      freshDay();
      const wrong = await startLoggedServer(provider.config(simulator, true), api.server);
      try {
        const before = provider.sentCount(simulator);
        assertRefused(await requestCode(wrong.server, WANG.phone), 503, MESSAGES.smsSendFailed);
        assert.equal(provider.lastAnswer(simulator), provider.wrongSecretCode);
        assert.equal(provider.sentCount(simulator), before);
        assert.equal((await wrong.server.db.select().from(smsCodes).where(eq(smsCodes.phone, WANG.phone))).length, 0);
        const failure = parsed(wrong.lines).find((line) => line.providerCode !== undefined);
        assert.equal(failure?.providerCode, provider.wrongSecretCode);
        assert.equal(failure?.phone, masked(WANG.phone));
        assert.equal(wrong.lines.join('\n').includes(WANG.phone), false);
      } finally {
        await wrong.server.close();
      }
    });

    test('production, even a declared staging site: the code goes to the provider and the outbox does not exist', async () => {
      const production = await startLoggedServer(
        { ...provider.config(simulator), nodeEnv: 'production', stagingSandbox: true },
        api.server,
      );
      try {
        freshDay();
        const before = provider.sentCount(simulator);
        dataOf(await requestCode(production.server, WANG.phone));
        assert.equal(provider.sentCount(simulator), before + 1);
        assert.equal(provider.lastSent(simulator)?.phone, WANG.phone);
        assert.equal((await production.server.send(`${DEV_OUTBOX_PATH}?phone=${WANG.phone}`)).status, 404);
      } finally {
        await production.server.close();
      }
    });

    test('site settings without a signature: nothing sent, the same message, logged', async () => {
      freshDay();
      const before = provider.sentCount(simulator);
      const logged = api.lines.length;
      await api.server.db.update(siteSettings).set({ smsSignature: '' });
      try {
        assertRefused(await requestCode(api.server, ZHANG.phone), 503, MESSAGES.smsSendFailed);
      } finally {
        await api.server.db.update(siteSettings).set({ smsSignature: SIGNATURE });
      }
      assert.equal(provider.sentCount(simulator), before);
      assert.ok(parsed(api.lines.slice(logged)).some((line) => line.providerCode === 'NoSignature'));
      dataOf(await requestCode(api.server, ZHANG.phone));
      assert.equal(provider.sentCount(simulator), before + 1);
    });
  });
}

describeProvider(aliyun);
describeProvider(tencent);
