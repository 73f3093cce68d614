import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { OrderResponse, SelectionCourse, WebCourses } from '@yaoshi/contracts/enrolment';
import { PAY_STATUS } from '@yaoshi/contracts/order-states';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { ZHANG, authed, dataOf, loginToken } from '../test-support/learner-session';
import { DEVELOPMENT_SANDBOX_PAYMENT_KEY } from '../config';
import { createSandboxProvider } from './sandbox-provider';

/**
 * A gateway whose notifications never arrive (the merchant was down): the money was taken,
 * so the order must still end paid — found by querying the gateway once the deadline passes.
 */
let server: TestServer;
let notificationsSent = 0;

before(async () => {
  // Injected through BuildAppOptions.paymentProvider: a sandbox whose notifications are lost.
  server = await startTestServer({
    paymentProviderFactory: ({ db, clock: serverClock }) =>
      createSandboxProvider({
        db,
        clock: serverClock,
        key: DEVELOPMENT_SANDBOX_PAYMENT_KEY,
        fetchImpl: async () => {
          notificationsSent += 1;
          throw new Error('merchant unreachable');
        },
      }),
  });
});
after(() => server.close());

test('a lost notification: the order is paid when it is read after its deadline, by asking the gateway', async () => {
  const token = await loginToken(server, ZHANG.phone, ZHANG.password);
  const courses = (dataOf(await authed(server, token, 'GET', '/v1/webcourses', { year: 2025, type: 1 })) as WebCourses)
    .courses;
  const chosen: SelectionCourse[] = [
    ...courses.filter((c) => c.course_type === 1),
    ...courses.filter((c) => c.course_type === 2 && c.class_hour === 6).slice(0, 6),
  ];
  const order = dataOf(
    await authed(server, token, 'POST', '/v1/order', { year: 2025, cids: chosen.map((c) => c.cid).join(',') }),
  ) as OrderResponse;
  const qr = new URL((order.orderSig as { qrcode_url: string }).qrcode_url).pathname;
  const tapped = await fetch(`${server.baseUrl}${qr}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  assert.match(await tapped.text(), /支付成功/);
  assert.equal(notificationsSent, 3, 'the gateway tried three times');

  const status = async () =>
    (
      dataOf(await authed(server, token, 'GET', '/v1/order_status', { order_id: order.order_id })) as {
        pay_status: number;
      }
    ).pay_status;
  assert.equal(await status(), PAY_STATUS.unpaid, 'before the deadline nothing is known yet');
  server.clock.advance(5 * 60 * 1000 + 1);
  assert.equal(await status(), PAY_STATUS.paid);
  const mine = (
    dataOf(await authed(server, token, 'GET', '/v1/webcourses', { year: 2025, type: 1 })) as WebCourses
  ).courses.filter((c) => c.is_buy === 1);
  assert.equal(mine.length, chosen.length);
});
