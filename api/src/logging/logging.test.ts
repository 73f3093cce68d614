import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { DEV_OUTBOX_PATH } from '../sms/dev-outbox-routes';
import { startTestServer } from '../test-support/test-server';
import { ZHANG, dataOf } from '../test-support/learner-session';
import { REQUEST_ID_HEADER, errorSerializer, redactUrl } from './logger';

/** Every line the server logs while a learner logs in both ways, asks for codes and calls with personal data. */
async function capture(level: string) {
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const server = await startTestServer({ logger: { level, stream } });
  const secrets: string[] = [ZHANG.password, ZHANG.idNumber, ZHANG.phone];
  const requestIds: string[] = [];
  try {
    const keep = <T extends { headers: Headers }>(response: T) => {
      requestIds.push(response.headers.get(REQUEST_ID_HEADER) ?? '');
      return response;
    };
    // Password login by ID number, then by phone.
    const byId = dataOf(
      keep(
        await server.call({
          method: 'POST',
          path: '/v1/login',
          payload: { type: '1', username: ZHANG.idNumber, password: ZHANG.password },
        }),
      ),
    ) as { token: string };
    secrets.push(byId.token);
    keep(
      await server.call({
        method: 'POST',
        path: '/v1/login',
        payload: { type: '1', username: ZHANG.phone, password: `${ZHANG.password}-wrong` },
      }),
    );
    // SMS code: requested (GET, the phone in the query string), read from the outbox, used to log in.
    dataOf(keep(await server.call({ method: 'GET', path: '/v1/vcode', payload: { phone: ZHANG.phone } })));
    const outbox = (await server.send(`${DEV_OUTBOX_PATH}?phone=${ZHANG.phone}`)).body as {
      messages: { code: string }[];
    };
    const code = outbox.messages[0]!.code;
    secrets.push(code);
    const byCode = dataOf(
      keep(
        await server.call({
          method: 'POST',
          path: '/v1/login',
          payload: { type: '2', phone: ZHANG.phone, vcode: code },
        }),
      ),
    ) as { token: string };
    secrets.push(byCode.token);
    // Signed-in GET with the token in the header; forgot-password with every identifier.
    keep(await server.call({ method: 'GET', path: '/v1/userinfo', token: byCode.token }));
    keep(
      await server.call({
        method: 'POST',
        path: '/v1/forget',
        payload: {
          password: 'Reset-0001',
          confirm_password: 'Reset-0001',
          phone: ZHANG.phone,
          vcode: '000000',
          idcard: ZHANG.idNumber,
        },
      }),
    );
  } finally {
    await server.close();
  }
  return { raw, secrets, requestIds };
}

test('logs never contain passwords, SMS codes, tokens, ID-card numbers or full phone numbers', async () => {
  const { raw, secrets } = await capture('debug');
  assert.ok(raw.length >= 10, 'the calls were logged');
  const text = raw.join('\n');
  for (const secret of secrets) assert.equal(text.includes(secret), false, `the log contains ${secret}`);
  assert.ok(
    text.includes(`${ZHANG.phone.slice(0, 3)}****${ZHANG.phone.slice(-4)}`),
    'a phone is logged masked (support can still match it)',
  );
});

test('every log line is JSON; request lines carry the request id the response sent in X-Request-Id', async () => {
  const { raw, requestIds } = await capture('info');
  const lines = raw.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
  assert.equal(new Set(requestIds).size, requestIds.length, 'one id per request');
  for (const id of requestIds) {
    assert.match(id, /^[0-9a-f-]{36}$/);
    const own = lines.filter((line) => line.reqId === id);
    assert.ok(
      own.some((line) => line.msg === 'incoming request') && own.some((line) => line.msg === 'request completed'),
      `no lines for ${id}`,
    );
  }
});

test('the request line keeps query names but not their values; database errors lose their parameters', () => {
  assert.equal(
    redactUrl('/v1/vcode?data=%7B%22phone%22%3A%2213800001111%22%7D&x=1'),
    '/v1/vcode?data=[REDACTED]&x=[REDACTED]',
  );
  assert.equal(redactUrl('/v1/site'), '/v1/site');
  const error = Object.assign(
    new Error('Failed query: insert into "learners" ("phone") values ($1)\nparams: 13800001111'),
    {
      detail: 'Key (id_number)=(32010219900101123X) already exists.',
    },
  );
  const serialized = JSON.stringify(errorSerializer(error));
  assert.equal(serialized.includes('13800001111'), false);
  assert.equal(serialized.includes('32010219900101123X'), false);
  assert.ok(serialized.includes('Failed query'), 'the statement itself stays, for the operator');
});
