import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ACCOUNT_MESSAGES } from '@yaoshi/contracts/account-messages';
import { eq } from 'drizzle-orm';
import { smsCodes } from './sms-schema';
import { MESSAGES } from '../messages';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { LI, ZHANG, assertRefused, authed, dataOf, loginToken, passwordLogin } from '../test-support/learner-session';
import { DEV_OUTBOX_PATH } from './dev-outbox-routes';
import { IP_LIMITS } from '../rate-limits/rate-limits';
import { CODE_VALID_MS, DAY_MS, HOUR_MS, MAX_WRONG_CODE_TRIES, PHONE_MAX_PER_HOUR } from './sms-limits';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const MINUTE = 60_000;

const requestCode = (phone: unknown) => server.call({ method: 'GET', path: '/v1/vcode', payload: { phone } });
const codeLogin = (phone: string, vcode: string) =>
  server.call({ method: 'POST', path: '/v1/login', payload: { type: '2', phone, vcode } });

interface Outbox {
  phone: string;
  messages: { text: string; code: string | null; sent_at: string }[];
}

async function outbox(phone: string): Promise<Outbox> {
  const response = await server.send(`${DEV_OUTBOX_PATH}?phone=${phone}`);
  assert.equal(response.status, 200);
  return response.body as Outbox;
}

async function latestCode(phone: string): Promise<string> {
  const code = (await outbox(phone)).messages[0]?.code;
  assert.ok(code, `no code sent to ${phone}`);
  return code;
}

/** Each test starts a day later, so earlier sends do not count against it. */
function freshDay(): void {
  server.clock.advance(DAY_MS + MINUTE);
}

describe('GET /v1/vcode and the development outbox', () => {
  test('a registered and an unregistered phone get the same answer; the outbox holds a 6-digit code', async () => {
    freshDay();
    const registered = await requestCode(ZHANG.phone);
    const unknown = await requestCode('13600000001');
    assert.deepEqual(registered.body, unknown.body);
    assert.equal(dataOf(registered), null);
    const box = await outbox(ZHANG.phone);
    assert.match(
      box.messages[0]?.text ?? '',
      /^【省药师协会】您的验证码是\d{6}，5分钟内有效/,
      'signed with the site settings',
    );
    assert.match(box.messages[0]?.code ?? '', /^\d{6}$/);
    assert.equal((await outbox('13600000001')).messages.length, 1);
    assert.equal((await server.send(`${DEV_OUTBOX_PATH}?phone=abc`)).status, 400);
  });

  test('form rules', async () => {
    assertRefused(await requestCode(''), 400, ACCOUNT_MESSAGES.codePhoneRequired);
    assertRefused(await requestCode('2381234567'), 400, ACCOUNT_MESSAGES.codePhoneInvalid);
    assertRefused(await server.call({ method: 'GET', path: '/v1/vcode' }), 400, ACCOUNT_MESSAGES.codePhoneRequired);
  });

  test('one per phone per 60 s, 5 per hour, 10 per day', async () => {
    freshDay();
    const phone = '13600000002';
    dataOf(await requestCode(phone));
    server.clock.advance(30_000);
    assertRefused(await requestCode(phone), 429, MESSAGES.codeSentTooSoon(30));
    server.clock.advance(30_000);
    for (let sent = 2; sent <= PHONE_MAX_PER_HOUR; sent += 1) {
      dataOf(await requestCode(phone));
      server.clock.advance(MINUTE);
    }
    assertRefused(await requestCode(phone), 429, MESSAGES.codeHourlyLimit);
    server.clock.advance(HOUR_MS);
    for (let sent = 1; sent <= 5; sent += 1) {
      dataOf(await requestCode(phone));
      server.clock.advance(MINUTE);
    }
    server.clock.advance(HOUR_MS);
    assertRefused(await requestCode(phone), 429, MESSAGES.codeDailyLimit);
    server.clock.advance(DAY_MS);
    dataOf(await requestCode(phone));
    // Sends older than a day were swept when this one was recorded.
    assert.equal((await server.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).length, 1);
  });

  test('a cap per network (client IP) across phones', async () => {
    freshDay();
    for (let i = 0; i < IP_LIMITS.smsCode.max; i += 1) dataOf(await requestCode(`135${String(i).padStart(8, '0')}`));
    assertRefused(await requestCode('13599999999'), 429, MESSAGES.codeIpLimit);
    server.clock.advance(HOUR_MS);
    dataOf(await requestCode('13599999999'));
  });

  test('the outbox does not exist in production', async () => {
    const production = await startTestServer({ seed: false, config: { nodeEnv: 'production' } });
    try {
      const response = await production.send(`${DEV_OUTBOX_PATH}?phone=${ZHANG.phone}`);
      assert.equal(response.status, 404);
      // Nothing is sent (no gateway, and never the outbox), so the learner is told, and no quota is used.
      assertRefused(
        await production.call({ method: 'GET', path: '/v1/vcode', payload: { phone: ZHANG.phone } }),
        503,
        MESSAGES.smsSendFailed,
      );
      assert.equal((await production.db.select().from(smsCodes).where(eq(smsCodes.phone, ZHANG.phone))).length, 0);
    } finally {
      await production.close();
    }
  });
});

describe('POST /v1/login type 2', () => {
  test('the latest code logs in once', async () => {
    freshDay();
    dataOf(await requestCode(ZHANG.phone));
    const code = await latestCode(ZHANG.phone);
    const data = dataOf(await codeLogin(ZHANG.phone, code)) as { token: string; face_init: number };
    assert.equal(data.face_init, 1);
    dataOf(await authed(server, data.token, 'GET', '/v1/userinfo'));
    assertRefused(await codeLogin(ZHANG.phone, code), 400, MESSAGES.codeWrong);
  });

  test('a code expires after 5 minutes; a newer code replaces the older', async () => {
    freshDay();
    dataOf(await requestCode(LI.phone));
    const old = await latestCode(LI.phone);
    server.clock.advance(MINUTE);
    dataOf(await requestCode(LI.phone));
    const latest = await latestCode(LI.phone);
    if (old !== latest) assertRefused(await codeLogin(LI.phone, old), 400, MESSAGES.codeWrong);
    server.clock.advance(CODE_VALID_MS);
    assertRefused(await codeLogin(LI.phone, latest), 400, MESSAGES.codeWrong);
  });

  test('5 wrong tries kill the code', async () => {
    freshDay();
    dataOf(await requestCode(LI.phone));
    const code = await latestCode(LI.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= MAX_WRONG_CODE_TRIES; attempt += 1)
      assertRefused(await codeLogin(LI.phone, wrong), 400, MESSAGES.codeWrong);
    assertRefused(await codeLogin(LI.phone, code), 400, MESSAGES.codeTooManyTries);
  });

  test('an unregistered phone with its right code is told it has no account', async () => {
    freshDay();
    dataOf(await requestCode('13600000003'));
    assertRefused(await codeLogin('13600000003', await latestCode('13600000003')), 400, MESSAGES.phoneNotLinked);
  });

  test('works while password login is locked', async () => {
    freshDay();
    for (let attempt = 1; attempt <= 5; attempt += 1) await passwordLogin(server, LI.phone, 'wrong');
    assertRefused(await passwordLogin(server, LI.phone, LI.password), 429, MESSAGES.passwordLoginLocked(15));
    dataOf(await requestCode(LI.phone));
    dataOf(await codeLogin(LI.phone, await latestCode(LI.phone)));
  });
});

describe('POST /v1/forget', () => {
  const forget = (payload: Record<string, unknown>) => server.call({ method: 'POST', path: '/v1/forget', payload });

  test('form rules and mismatches', async () => {
    freshDay();
    const valid = {
      password: 'reset-01',
      confirm_password: 'reset-01',
      phone: ZHANG.phone,
      vcode: '123456',
      idcard: ZHANG.idNumber,
    };
    assertRefused(await forget({ ...valid, password: '' }), 400, ACCOUNT_MESSAGES.newPasswordRequired);
    assertRefused(await forget({ ...valid, confirm_password: '' }), 400, ACCOUNT_MESSAGES.confirmNewPasswordRequired);
    assertRefused(await forget({ ...valid, password: '12345' }), 400, ACCOUNT_MESSAGES.forgotPasswordLength);
    assertRefused(await forget({ ...valid, password: 'x'.repeat(13) }), 400, ACCOUNT_MESSAGES.forgotPasswordLength);
    assertRefused(await forget({ ...valid, idcard: '' }), 400, ACCOUNT_MESSAGES.idNumberRequired);
    assertRefused(await forget({ ...valid, idcard: '320106198503124511' }), 400, ACCOUNT_MESSAGES.idNumberInvalid);
    assertRefused(await forget({ ...valid, phone: '' }), 400, ACCOUNT_MESSAGES.phoneRequired);
    assertRefused(await forget({ ...valid, phone: '12812345678' }), 400, ACCOUNT_MESSAGES.phoneInvalid);
    assertRefused(await forget({ ...valid, vcode: '' }), 400, ACCOUNT_MESSAGES.codeRequired);
    assertRefused(await forget({ ...valid, confirm_password: 'reset-02' }), 400, ACCOUNT_MESSAGES.passwordsDiffer);
    assertRefused(await forget(valid), 400, MESSAGES.codeWrong);

    dataOf(await requestCode(ZHANG.phone));
    // Someone else's ID number with Zhang's phone and code.
    assertRefused(
      await forget({ ...valid, vcode: await latestCode(ZHANG.phone), idcard: LI.idNumber }),
      400,
      MESSAGES.forgotDetailsMismatch,
    );
    dataOf(await passwordLogin(server, ZHANG.phone, ZHANG.password));
  });

  test('ID number, phone and code of one learner set a new password and end every session', async () => {
    freshDay();
    const session = await loginToken(server, ZHANG.phone, ZHANG.password);
    dataOf(await requestCode(ZHANG.phone));
    const payload = {
      password: 'reset-01',
      confirm_password: 'reset-01',
      phone: ZHANG.phone,
      vcode: await latestCode(ZHANG.phone),
      idcard: ZHANG.idNumber,
    };
    assert.equal(dataOf(await forget(payload)), null);
    assertRefused(await authed(server, session, 'GET', '/v1/userinfo'), 401, MESSAGES.loginRequired);
    assertRefused(await passwordLogin(server, ZHANG.phone, ZHANG.password), 400, MESSAGES.wrongCredentials);
    dataOf(await passwordLogin(server, ZHANG.idNumber, 'reset-01'));
    // The code was used up.
    assertRefused(await forget(payload), 400, MESSAGES.codeWrong);
  });
});
