import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '@yaoshi/contracts/account-messages';
import { AGREEMENT_NAME } from '@yaoshi/contracts/site-names';
import { idNumberCheckCharacter } from '@yaoshi/contracts/identity-rules';
import {
  agreementSchema,
  loginResponseSchema,
  profileSchema,
  studentNoticeSchema,
  userInfoSchema,
} from '@yaoshi/contracts/accounts';
import { learners, sessions } from './accounts-schema';
import { MESSAGES } from '../messages';
import { startTestServer, type TestServer } from '../test-support/test-server';
import {
  LI,
  WANG,
  ZHANG,
  assertRefused,
  authed,
  dataOf,
  loginToken,
  passwordLogin,
} from '../test-support/learner-session';
import { PASSWORD_LOCK_MS, PASSWORD_FAILURE_WINDOW_MS } from './password-lockout';
import { SESSION_LIFETIME_MS, sessionTokenHash } from './sessions';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const MINUTE = 60_000;

const VALID_PROFILE = {
  company: '南京市玄武区中医院',
  province: '江苏省',
  city: '南京市',
  county: '玄武区',
  province_id: '32',
  city_id: '3201',
  area_id: '320102',
  education: '5',
  sex: 1,
  major: '临床药学',
  certification_number1: '苏执药2010099999',
  certification_number2: '',
  graduate_school: '南京医科大学',
  ethnic: 2,
  profession_ranks: 3,
  politics_status: 1,
  email: 'zxm@example.org',
};

describe('POST /v1/login', () => {
  test('by ID number, phone, legacy 15-digit ID and lower-case x; face_init from the photo', async () => {
    for (const username of [ZHANG.idNumber, ZHANG.phone, '320106850312451']) {
      const data = loginResponseSchema.parse(dataOf(await passwordLogin(server, username, ZHANG.password)));
      assert.equal(data.face_init, 1);
      assert.ok(data.token.length >= 40);
    }
    const li = loginResponseSchema.parse(dataOf(await passwordLogin(server, LI.idNumber.toLowerCase(), LI.password)));
    assert.equal(li.face_init, 0);
  });

  test('tokens are random and stored only as their SHA-256', async () => {
    const token = await loginToken(server, WANG.phone, WANG.password);
    const rows = await server.db.select().from(sessions);
    assert.ok(rows.every((row) => row.tokenHash !== token));
    assert.ok(rows.some((row) => row.tokenHash === sessionTokenHash(token)));
  });

  test('a wrong password and an unknown account get the same answer', async () => {
    assertRefused(await passwordLogin(server, ZHANG.phone, 'wrong-password'), 400, MESSAGES.wrongCredentials);
    assertRefused(await passwordLogin(server, '13600000000', 'wrong-password'), 400, MESSAGES.wrongCredentials);
    const unknownId = `11010119900307777${idNumberCheckCharacter('11010119900307777')}`;
    assertRefused(await passwordLogin(server, unknownId, '123456'), 400, MESSAGES.wrongCredentials);
  });

  test('form rules: the spec texts', async () => {
    assertRefused(await passwordLogin(server, '1381234567', 'x'), 400, ACCOUNT_MESSAGES.loginIdInvalid);
    assertRefused(await passwordLogin(server, '320106198503124511', 'x'), 400, ACCOUNT_MESSAGES.loginIdInvalid);
    assertRefused(await passwordLogin(server, ZHANG.phone, ''), 400, ACCOUNT_MESSAGES.loginPasswordRequired);
    const code = (payload: Record<string, unknown>) => server.call({ method: 'POST', path: '/v1/login', payload });
    assertRefused(
      await code({ type: '2', phone: '1381234567', vcode: '123456' }),
      400,
      ACCOUNT_MESSAGES.loginPhoneInvalid,
    );
    assertRefused(await code({ type: '2', phone: ZHANG.phone, vcode: '' }), 400, ACCOUNT_MESSAGES.codeRequired);
    assertRefused(await code({ type: '3', phone: ZHANG.phone }), 400, /请求参数不合法：type/);
  });

  test('5 wrong passwords in 15 minutes lock password login for 15 minutes', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      assertRefused(await passwordLogin(server, WANG.idNumber, `wrong-${attempt}`), 400, MESSAGES.wrongCredentials);
      server.clock.advance(MINUTE);
    }
    assertRefused(await passwordLogin(server, WANG.idNumber, 'wrong-5'), 429, MESSAGES.passwordLoginLocked(15));
    // Locked for both login ids, even with the right password.
    assertRefused(await passwordLogin(server, WANG.phone, WANG.password), 429, MESSAGES.passwordLoginLocked(15));
    server.clock.advance(PASSWORD_LOCK_MS - MINUTE);
    assertRefused(await passwordLogin(server, WANG.idNumber, WANG.password), 429, MESSAGES.passwordLoginLocked(1));
    server.clock.advance(MINUTE);
    dataOf(await passwordLogin(server, WANG.idNumber, WANG.password));
    // Other learners were never affected.
    dataOf(await passwordLogin(server, ZHANG.idNumber, ZHANG.password));
  });

  test('wrong passwords older than 15 minutes do not count; a success clears them', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1)
      assertRefused(await passwordLogin(server, LI.phone, 'wrong'), 400, MESSAGES.wrongCredentials);
    server.clock.advance(PASSWORD_FAILURE_WINDOW_MS + MINUTE);
    assertRefused(await passwordLogin(server, LI.phone, 'wrong'), 400, MESSAGES.wrongCredentials);
    dataOf(await passwordLogin(server, LI.phone, LI.password));
    for (let attempt = 1; attempt <= 4; attempt += 1)
      assertRefused(await passwordLogin(server, LI.phone, 'wrong'), 400, MESSAGES.wrongCredentials);
    dataOf(await passwordLogin(server, LI.phone, LI.password));
  });

  test('bad envelopes are refused before any credential is checked', async () => {
    const signed = server.sign({
      method: 'POST',
      path: '/v1/login',
      payload: { type: '1', username: ZHANG.phone, password: ZHANG.password },
    });
    const unsigned = await server.send(signed.url, {
      method: 'POST',
      headers: { 'content-type': signed.headers['content-type'] ?? '' },
      body: signed.body ?? null,
    });
    assertRefused(unsigned, 403, MESSAGES.signatureMissing);
    const forged = await server.send(signed.url, {
      method: 'POST',
      headers: { ...signed.headers, 'x-sign': 'AAAA' },
      body: signed.body ?? null,
    });
    assertRefused(forged, 403, MESSAGES.signatureInvalid);
    const first = await server.send(signed.url, { method: 'POST', headers: signed.headers, body: signed.body ?? null });
    dataOf(first);
    const replay = await server.send(signed.url, {
      method: 'POST',
      headers: signed.headers,
      body: signed.body ?? null,
    });
    assertRefused(replay, 403, MESSAGES.requestReplayed);
  });
});

describe('signed-in calls', () => {
  test('every account call but login, vcode and forget needs a live token', async () => {
    const calls: ['GET' | 'POST', string][] = [
      ['GET', '/v1/userinfo'],
      ['GET', '/v1/profile'],
      ['POST', '/v1/modify'],
      ['POST', '/v1/password'],
      ['POST', '/v1/logout'],
      ['GET', '/v1/pc_notes'],
      ['GET', '/v1/agreement'],
      ['POST', '/v1/avatar'],
    ];
    for (const [method, path] of calls) {
      assertRefused(await server.call({ method, path }), 401, MESSAGES.loginRequired);
      assertRefused(await server.call({ method, path, token: 'not-a-token' }), 401, MESSAGES.loginRequired);
    }
  });

  test('a stale or forged signature is 403, never 401: a live session is not logged out by a bad clock', async () => {
    const token = await loginToken(server, ZHANG.phone, ZHANG.password);
    const stale = await server.call({
      method: 'GET',
      path: '/v1/userinfo',
      token,
      timestamp: server.clock.nowMs() - 10 * MINUTE,
    });
    assertRefused(stale, 403, MESSAGES.requestExpired);
    const forged = await server.call({
      method: 'GET',
      path: '/v1/userinfo',
      token,
      signer: { appId: 'yaoshi-web', secret: 'guessed' },
    });
    assertRefused(forged, 403, MESSAGES.signatureInvalid);
    dataOf(await authed(server, token, 'GET', '/v1/userinfo'));
  });

  test('/v1/userinfo and /v1/profile describe the signed-in learner', async () => {
    const token = await loginToken(server, ZHANG.phone, ZHANG.password);
    const info = userInfoSchema.parse(dataOf(await authed(server, token, 'GET', '/v1/userinfo')));
    assert.deepEqual(info, { name: '张晓明', avatar: '/media/demo-faces/zhang-xiaoming.svg' });
    const profile = profileSchema.parse(dataOf(await authed(server, token, 'GET', '/v1/profile')));
    assert.equal(profile.idcard, ZHANG.idNumber);
    assert.equal(profile.phone, ZHANG.phone);
    assert.equal(profile.certification_type, 1);
    assert.equal(profile.province_id, '320000');
    assert.equal(profile.area_id, '320106');
    assert.equal(profile.avatar_status, 1);

    const li = await loginToken(server, LI.phone, LI.password);
    const empty = profileSchema.parse(dataOf(await authed(server, li, 'GET', '/v1/profile')));
    assert.equal(empty.education, null);
    assert.equal(empty.company, '');
    assert.deepEqual(dataOf(await authed(server, li, 'GET', '/v1/userinfo')), { name: '李华', avatar: '' });
  });

  test('/v1/modify saves the form; read-only fields are refused when changed', async () => {
    const token = await loginToken(server, ZHANG.phone, ZHANG.password);
    const readOnly = { name: '张晓明', phone: ZHANG.phone, idcard: ZHANG.idNumber, certification_type: 1 };
    assert.equal(dataOf(await authed(server, token, 'POST', '/v1/modify', { ...VALID_PROFILE, ...readOnly })), null);
    const profile = profileSchema.parse(dataOf(await authed(server, token, 'GET', '/v1/profile')));
    assert.equal(profile.company, '南京市玄武区中医院');
    assert.deepEqual([profile.province_id, profile.city_id, profile.area_id], ['320000', '320100', '320102']);
    assert.equal(profile.education, 5);
    assert.equal(profile.profession_ranks, 3);

    for (const change of [
      { name: '张小明' },
      { phone: '13812345679' },
      { idcard: '11010519491231002X' },
      { certification_type: 2 },
    ]) {
      assertRefused(
        await authed(server, token, 'POST', '/v1/modify', { ...VALID_PROFILE, ...readOnly, ...change }),
        400,
        MESSAGES.readOnlyProfileField,
      );
    }
    const [row] = await server.db.select().from(learners).where(eq(learners.idNumber, ZHANG.idNumber));
    assert.equal(row?.name, '张晓明');
    assert.equal(row?.certificationType, 1);
  });

  test('/v1/modify refuses each invalid field with the form text, and an address that is not a chain', async () => {
    const token = await loginToken(server, ZHANG.phone, ZHANG.password);
    const before = dataOf(await authed(server, token, 'GET', '/v1/profile'));
    const cases: [Record<string, unknown>, string][] = [
      [{ company: 'Hospital' }, ACCOUNT_MESSAGES.companyChineseOnly],
      [{ company: '' }, ACCOUNT_MESSAGES.companyRequired],
      [{ education: 0 }, ACCOUNT_MESSAGES.educationRequired],
      [{ sex: '' }, ACCOUNT_MESSAGES.sexRequired],
      [{ major: '' }, ACCOUNT_MESSAGES.majorRequired],
      [{ ethnic: 9 }, ACCOUNT_MESSAGES.ethnicRequired],
      [{ email: 'no-at-sign' }, ACCOUNT_MESSAGES.emailInvalid],
      [{ email: '' }, ACCOUNT_MESSAGES.emailRequired],
      [{ profession_ranks: -1 }, ACCOUNT_MESSAGES.professionRanksRequired],
      [{ politics_status: 4 }, ACCOUNT_MESSAGES.politicsStatusRequired],
      [{ certification_number1: '' }, ACCOUNT_MESSAGES.certificationNumber1Required],
      [{ graduate_school: '' }, ACCOUNT_MESSAGES.graduateSchoolRequired],
      [{ city: '' }, ACCOUNT_MESSAGES.unitAddressRequired],
      [{ city_id: '3101' }, ACCOUNT_MESSAGES.unitAddressInvalid],
      [{ area_id: '320206' }, ACCOUNT_MESSAGES.unitAddressInvalid],
    ];
    for (const [change, message] of cases) {
      assertRefused(await authed(server, token, 'POST', '/v1/modify', { ...VALID_PROFILE, ...change }), 400, message);
    }
    assertRefused(
      await authed(server, token, 'POST', '/v1/modify', { ...VALID_PROFILE, learner_id: 2 }),
      400,
      /请求参数不合法：learner_id/,
    );
    assert.deepEqual(dataOf(await authed(server, token, 'GET', '/v1/profile')), before);
  });

  test('/v1/pc_notes and /v1/agreement', async () => {
    const token = await loginToken(server, WANG.phone, WANG.password);
    const notes = studentNoticeSchema.parse(dataOf(await authed(server, token, 'GET', '/v1/pc_notes')));
    assert.match(notes.thumb, /^\/media\//);
    assert.match(notes.excerpt, /学时/);
    assert.match(notes.content, /<li>/);
    const agreement = agreementSchema.parse(dataOf(await authed(server, token, 'GET', '/v1/agreement')));
    // Its heading names it as the login box, the menu and the page do (issue 16 item 13).
    assert.match(agreement.agreement, new RegExp(`<h2>[^<]*${AGREEMENT_NAME}</h2>`));
  });

  test('/v1/public_agreement: the same agreement and privacy policy, without logging in', async () => {
    const token = await loginToken(server, WANG.phone, WANG.password);
    const signedIn = agreementSchema.parse(dataOf(await authed(server, token, 'GET', '/v1/agreement')));
    const visitor = agreementSchema.parse(dataOf(await server.call({ method: 'GET', path: '/v1/public_agreement' })));
    assert.equal(visitor.agreement, signedIn.agreement);
    assert.match(visitor.agreement, /个人信息保护/);
  });
});

describe('sessions end', () => {
  test('logout revokes the token on the server; other sessions live on', async () => {
    const first = await loginToken(server, LI.idNumber, LI.password);
    const second = await loginToken(server, LI.phone, LI.password);
    assert.equal(dataOf(await authed(server, first, 'POST', '/v1/logout')), null);
    assertRefused(await authed(server, first, 'GET', '/v1/userinfo'), 401, MESSAGES.loginRequired);
    assertRefused(await authed(server, first, 'POST', '/v1/logout'), 401, MESSAGES.loginRequired);
    dataOf(await authed(server, second, 'GET', '/v1/userinfo'));
    // The next login sweeps the learner's dead sessions.
    const [li] = await server.db.select().from(learners).where(eq(learners.idNumber, LI.idNumber));
    assert.ok(li);
    await loginToken(server, LI.phone, LI.password);
    const rows = await server.db.select().from(sessions).where(eq(sessions.learnerId, li.id));
    assert.ok(rows.every((row) => row.revokedAt === null));
    assert.ok(!rows.some((row) => row.tokenHash === sessionTokenHash(first)));
  });

  test('a password change keeps this session, ends the others, and retires the old password', async () => {
    const elsewhere = await loginToken(server, LI.phone, LI.password);
    const here = await loginToken(server, LI.idNumber, LI.password);
    const other = await loginToken(server, WANG.phone, WANG.password);
    assertRefused(
      await authed(server, here, 'POST', '/v1/password', { newpasswd: 'abcde', confirmpasswd: 'abcde' }),
      400,
      ACCOUNT_MESSAGES.passwordTooShort,
    );
    assertRefused(
      await authed(server, here, 'POST', '/v1/password', { newpasswd: 'new-pass-1', confirmpasswd: 'new-pass-2' }),
      400,
      ACCOUNT_MESSAGES.passwordsDiffer,
    );
    assertRefused(
      await authed(server, here, 'POST', '/v1/password', { newpasswd: '', confirmpasswd: '' }),
      400,
      ACCOUNT_MESSAGES.passwordRequired,
    );
    assert.equal(
      dataOf(
        await authed(server, here, 'POST', '/v1/password', { newpasswd: 'new-pass-1', confirmpasswd: 'new-pass-1' }),
      ),
      null,
    );
    dataOf(await authed(server, here, 'GET', '/v1/userinfo'));
    assertRefused(await authed(server, elsewhere, 'GET', '/v1/userinfo'), 401, MESSAGES.loginRequired);
    dataOf(await authed(server, other, 'GET', '/v1/userinfo'));
    assertRefused(await passwordLogin(server, LI.phone, LI.password), 400, MESSAGES.wrongCredentials);
    dataOf(await passwordLogin(server, LI.phone, 'new-pass-1'));
  });

  test('a session expires after its lifetime', async () => {
    const token = await loginToken(server, ZHANG.phone, ZHANG.password);
    server.clock.advance(SESSION_LIFETIME_MS - MINUTE);
    dataOf(await authed(server, token, 'GET', '/v1/userinfo'));
    server.clock.advance(MINUTE);
    assertRefused(await authed(server, token, 'GET', '/v1/userinfo'), 401, MESSAGES.loginRequired);
  });
});

describe('learner A never reads or changes learner B', () => {
  test('each token sees and edits only its own learner', async () => {
    const zhang = await loginToken(server, ZHANG.phone, ZHANG.password);
    const wang = await loginToken(server, WANG.phone, WANG.password);
    const wangBefore = profileSchema.parse(dataOf(await authed(server, wang, 'GET', '/v1/profile')));
    assert.equal((dataOf(await authed(server, zhang, 'GET', '/v1/userinfo')) as { name: string }).name, '张晓明');
    assert.equal(wangBefore.name, '王芳');

    // Zhang sending Wang's identity is refused as a read-only change, not applied to Wang.
    assertRefused(
      await authed(server, zhang, 'POST', '/v1/modify', {
        ...VALID_PROFILE,
        name: '王芳',
        idcard: WANG.idNumber,
        phone: WANG.phone,
      }),
      400,
      MESSAGES.readOnlyProfileField,
    );
    dataOf(await authed(server, zhang, 'POST', '/v1/modify', { ...VALID_PROFILE, company: '张晓明的单位' }));
    assert.deepEqual(profileSchema.parse(dataOf(await authed(server, wang, 'GET', '/v1/profile'))), wangBefore);

    dataOf(await authed(server, zhang, 'POST', '/v1/password', { newpasswd: 'zhang-new', confirmpasswd: 'zhang-new' }));
    dataOf(await authed(server, zhang, 'POST', '/v1/logout'));
    dataOf(await authed(server, wang, 'GET', '/v1/userinfo'));
    dataOf(await passwordLogin(server, WANG.phone, WANG.password));
  });
});
