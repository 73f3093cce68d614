import { like } from 'drizzle-orm';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { OrderResponse, WebCourses } from '@yaoshi/contracts/enrolment';
import { orders } from '../orders/orders-schema';
import { sandboxPayments } from './payment-schema';
import { MESSAGES } from '../messages';
import { startTestServer, type ApiResponse, type TestServer } from '../test-support/test-server';
import { ZHANG, assertRefused, authed, dataOf, loginToken } from '../test-support/learner-session';

/**
 * Where money notifications go and where a payer is sent back must never follow the
 * request's Host header: an attacker who sets `Host: evil.example` would otherwise receive
 * the gateway's notifications (or send payers to a look-alike site).
 */

const HOSTILE_HOST = 'evil.example';
const YEAR = 2025;

/** Sends a signed call with a Host header of our choosing (fetch does not let us set Host). */
function callWithHost(
  server: TestServer,
  token: string,
  path: string,
  payload: Record<string, unknown>,
  host: string,
): Promise<ApiResponse> {
  const request = server.sign({ method: 'POST', path, token, payload });
  const url = new URL(server.baseUrl + request.url);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: 'POST',
        headers: { ...request.headers, host },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: new Headers(), body: JSON.parse(text) as unknown }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body ?? '');
  });
}

async function sixtyHourSelection(server: TestServer, token: string): Promise<{ cids: string; price: number }> {
  const { courses } = dataOf(
    await authed(server, token, 'GET', '/v1/webcourses', { year: YEAR, type: 1 }),
  ) as WebCourses;
  const chosen = [
    ...courses.filter((c) => c.course_type === 1),
    ...courses.filter((c) => c.course_type === 2 && c.class_hour === 6).slice(0, 6),
  ];
  return { cids: chosen.map((c) => c.cid).join(','), price: chosen.reduce((sum, c) => sum + c.price, 0) };
}

describe('with PUBLIC_BASE_URL', () => {
  let server: TestServer;
  let token: string;
  before(async () => {
    server = await startTestServer({ config: { publicBaseUrl: 'https://pay.example.org' } });
    token = await loginToken(server, ZHANG.phone, ZHANG.password);
  });
  after(() => server.close());

  test('a hostile Host header changes neither the QR code, the notify URL nor the return URL', async () => {
    const selection = await sixtyHourSelection(server, token);
    const qr = dataOf(
      await callWithHost(server, token, '/v1/order', { year: YEAR, ...selection, pay_type: 3 }, HOSTILE_HOST),
    ) as OrderResponse;
    assert.match((qr.orderSig as { qrcode_url: string }).qrcode_url, /^https:\/\/pay\.example\.org\/sandbox-pay\/qr\//);
    const redirect = dataOf(
      await callWithHost(
        server,
        token,
        '/v1/order',
        { year: YEAR, cids: '', order_id: qr.order_id, pay_type: 2 },
        HOSTILE_HOST,
      ),
    ) as OrderResponse;
    assert.match(redirect.orderSig as string, /^https:\/\/pay\.example\.org\/sandbox-pay\/checkout\//);
    const attempts = await server.db
      .select({ notifyUrl: sandboxPayments.notifyUrl, returnUrl: sandboxPayments.returnUrl })
      .from(sandboxPayments)
      // This order's attempts (the demo data holds paid orders of its own), whatever host they name.
      .where(like(sandboxPayments.returnUrl, `%/pay?order_id=${qr.order_id}&returned=1`));
    assert.ok(attempts.length >= 2);
    for (const attempt of attempts) {
      assert.equal(attempt.notifyUrl, 'https://pay.example.org/payment/notify/sandbox');
      assert.equal(attempt.returnUrl, `https://pay.example.org/pay?order_id=${qr.order_id}&returned=1`);
    }
  });
});

describe('without PUBLIC_BASE_URL (development)', () => {
  let server: TestServer;
  let token: string;
  before(async () => {
    server = await startTestServer();
    token = await loginToken(server, ZHANG.phone, ZHANG.password);
  });
  after(() => server.close());

  test('a Host outside ALLOWED_HOSTS is refused and writes no order', async () => {
    const selection = await sixtyHourSelection(server, token);
    const ordersBefore = (await server.db.select().from(orders)).length;
    assertRefused(
      await callWithHost(server, token, '/v1/order', { year: YEAR, ...selection, pay_type: 3 }, HOSTILE_HOST),
      400,
      MESSAGES.hostNotAllowed,
    );
    assert.equal((await server.db.select().from(orders)).length, ordersBefore);
  });

  test('a loopback Host (the default ALLOWED_HOSTS) is used as the address', async () => {
    const selection = await sixtyHourSelection(server, token);
    const port = new URL(server.baseUrl).port;
    const qr = dataOf(
      await callWithHost(server, token, '/v1/order', { year: YEAR, ...selection, pay_type: 3 }, `localhost:${port}`),
    ) as OrderResponse;
    assert.match(
      (qr.orderSig as { qrcode_url: string }).qrcode_url,
      new RegExp(`^http://localhost:${port}/sandbox-pay/qr/`),
    );
  });
});
