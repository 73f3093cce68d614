import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, isNull } from 'drizzle-orm';
import { SELECTION_MESSAGES } from '@yaoshi/contracts/course-selection-rules';
import type {
  OrderResponse,
  OrderStatus,
  ReplaceableOrder,
  SelectionCourse,
  WebCourses,
} from '@yaoshi/contracts/enrolment';
import type { OrderRow } from '@yaoshi/contracts/orders';
import { PAY_STATUS, payStatusTextOf } from '@yaoshi/contracts/order-states';
import { courses } from '../catalogue/catalogue-schema';
import { enrolments, orders } from '../orders/orders-schema';
import { paymentAttempts, paymentNotifications, sandboxPayments, sandboxRefunds } from './payment-schema';
import { databaseFingerprint, startTestServer, type TestServer } from '../test-support/test-server';
import { MESSAGES } from '../messages';
import { LI, WANG, ZHANG, assertRefused, authed, dataOf, loginToken } from '../test-support/learner-session';
import { createSandboxProvider, signSandboxBody, SANDBOX_SIGNATURE_HEADER } from './sandbox-provider';
import { GATEWAY_QUERY_INTERVAL_MS, NOTIFICATION_GRACE_MS, settleExpiredOrders } from './order-settlement';
import { ORDER_MESSAGES } from './order-routes';
import { paymentProviderFromConfig } from './provider-from-config';
import { approveRefund } from '../refunds/refund-processing';
import { COMMAND_LINE_ACTOR } from '../audit/audit-log';
import { auditRecords } from '../audit/audit-schema';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';

let server: TestServer;
const tokens: Record<string, string> = {};
const CURRENT = 2025;
const LAST = 2024;
const MAKE_UP = 2023;

before(async () => {
  server = await startTestServer();
  tokens.zhang = await loginToken(server, ZHANG.phone, ZHANG.password);
  tokens.li = await loginToken(server, LI.phone, LI.password);
  tokens.wang = await loginToken(server, WANG.phone, WANG.password);
});
after(() => server.close());

async function catalogue(token: string, year: number): Promise<SelectionCourse[]> {
  return (dataOf(await authed(server, token, 'GET', '/v1/webcourses', { year, type: 1 })) as WebCourses).courses;
}

/** All compulsory courses and six 6-hour electives: exactly 60 hours. */
async function sixtyHours(token: string, year: number) {
  const courses = await catalogue(token, year);
  const compulsory = courses.filter((c) => c.course_type === 1);
  const electives = courses.filter((c) => c.course_type === 2 && c.class_hour === 6).slice(0, 6);
  const chosen = [...compulsory, ...electives];
  assert.equal(
    chosen.reduce((sum, c) => sum + c.class_hour, 0),
    60,
  );
  return {
    courses,
    chosen,
    cids: chosen.map((c) => c.cid).join(','),
    price: chosen.reduce((sum, c) => sum + c.price, 0),
  };
}

function placeOrder(token: string, payload: Record<string, unknown>) {
  return authed(server, token, 'POST', '/v1/order', payload);
}

async function orderStatus(token: string, orderId: string): Promise<OrderStatus> {
  return dataOf(await authed(server, token, 'GET', '/v1/order_status', { order_id: orderId })) as OrderStatus;
}

async function orderRow(orderNo: string) {
  const [row] = await server.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return row!;
}

async function liveEnrolmentsOf(orderNo: string) {
  const order = await orderRow(orderNo);
  return server.db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.orderId, order.id), isNull(enrolments.withdrawnAt)));
}

async function newestAttempt(orderNo: string) {
  const order = await orderRow(orderNo);
  const rows = await server.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id));
  return rows.sort((a, b) => b.id - a.id)[0]!;
}

/** A notification as the sandbox gateway sends it, signed with the configured key unless told otherwise. */
function notificationBody(
  merchantNo: string,
  amountFen: number,
  outcome: 'paid' | 'failed',
  occurredAt: Date = server.clock.now(),
) {
  return JSON.stringify({
    merchant_no: merchantNo,
    trade_no: `T${merchantNo}`,
    amount_fen: amountFen,
    outcome,
    occurred_at: occurredAt.toISOString(),
    notify_id: 'n1',
  });
}

function notify(body: string, key: string = server.config.paymentSandboxKey) {
  return server.send('/payment/notify/sandbox', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(key, body) },
    body,
  });
}

/** The payer's tap on the sandbox page the QR (or checkout) address opens. */
async function payerTaps(address: string, action: 'pay' | 'fail') {
  const path = new URL(address).pathname;
  return fetch(`${server.baseUrl}${path}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
}

describe('selection rules are enforced by the server', () => {
  test('every broken rule is refused with its message and nothing is written', async () => {
    const token = tokens.zhang!;
    const { courses, chosen, cids } = await sixtyHours(token, CURRENT);
    const ordersBefore = (await server.db.select().from(orders)).length;
    const compulsoryIds = chosen.filter((c) => c.course_type === 1).map((c) => c.cid);
    const electiveIds = chosen.filter((c) => c.course_type === 2).map((c) => c.cid);
    const faceToFace = (
      dataOf(await authed(server, token, 'GET', '/v1/webcourses', { year: CURRENT, type: 2 })) as WebCourses
    ).courses;
    assert.equal(faceToFace.length, 2);
    assert.ok(faceToFace.every((c) => c.face_to_face === 1));
    const lastYear = await catalogue(token, LAST);

    for (const path of ['/v1/signup_once', '/v1/order']) {
      const send = (ids: string, year = CURRENT) => authed(server, token, 'POST', path, { year, cids: ids });
      assertRefused(await send(''), 400, SELECTION_MESSAGES.nothingSelected);
      assertRefused(await send(`${cids},${faceToFace[0]!.cid}`), 400, SELECTION_MESSAGES.faceToFace);
      assertRefused(await send(`${cids},${lastYear[0]!.cid}`), 400, SELECTION_MESSAGES.unknownCourse);
      assertRefused(await send(`${cids},${electiveIds[0]}`), 400, SELECTION_MESSAGES.duplicateCourse);
      assertRefused(await send('1,abc'), 400, SELECTION_MESSAGES.unknownCourse);
      assertRefused(await send(cids, 2031), 400, SELECTION_MESSAGES.yearUnknown);
      assertRefused(
        await send(electiveIds.join(',')),
        400,
        SELECTION_MESSAGES.compulsoryMissing(chosen.filter((c) => c.course_type === 1).map((c) => c.name)),
      );
      assertRefused(
        await send([...compulsoryIds, ...electiveIds.slice(0, 5)].join(',')),
        400,
        SELECTION_MESSAGES.professionalShortfall('60.0', '54.0', '6.0'),
      );
    }
    assert.equal((await server.db.select().from(orders)).length, ordersBefore);
    // The public sign-up takes no professional course, and the professional order no public one.
    const publicCourses = dataOf(
      await authed(server, token, 'GET', '/v1/public_courses_list', { year: CURRENT, type: 1 }),
    ) as SelectionCourse[];
    assertRefused(
      await placeOrder(token, { year: CURRENT, cids: `${cids},${publicCourses[0]!.cid}` }),
      400,
      SELECTION_MESSAGES.unknownCourse,
    );
    assertRefused(
      await authed(server, token, 'POST', '/v1/public_courses_signup_once', { year: CURRENT, course_ids: cids }),
      400,
      SELECTION_MESSAGES.unknownCourse,
    );
    assert.ok(courses.length > chosen.length);
  });

  test('signup_once keeps the selection (car lists its electives); validate counts hours and money on the server', async () => {
    const token = tokens.zhang!;
    const { courses, chosen, cids, price } = await sixtyHours(token, LAST);
    const extra = courses.find((c) => c.course_type === 2 && !chosen.includes(c))!;
    const over = `${cids},${extra.cid}`;
    assert.equal(dataOf(await authed(server, token, 'POST', '/v1/signup_once', { year: LAST, cids: over })), null);
    const again = dataOf(await authed(server, token, 'GET', '/v1/webcourses', { year: LAST, type: 1 })) as WebCourses;
    assert.deepEqual(again.car.split(',').map(Number), [
      ...chosen.filter((c) => c.course_type === 2).map((c) => c.cid),
      extra.cid,
    ]);

    const validation = dataOf(
      await authed(server, token, 'GET', '/v1/validate', { year: LAST, cids: over, hours: 999 }),
    ) as Record<string, unknown>;
    assert.equal(validation.year_class_hour, 60);
    assert.equal(validation.current_class_hour, 60 + extra.class_hour);
    assert.equal(validation.remain_class_hour, -extra.class_hour);
    assert.equal(validation.current_money, Math.round((price + extra.price) * 100) / 100);
    assert.match(String(validation.msg2), /本次选择11门课程/);
  });

  test('a make-up year (need_all 2) has no hour requirement', async () => {
    const token = tokens.zhang!;
    const type = dataOf(await authed(server, token, 'GET', '/v1/get_course_type', { year: MAKE_UP })) as {
      need_all: number;
      msg1: string;
    };
    assert.equal(type.need_all, 2);
    const one = (await catalogue(token, MAKE_UP)).find((c) => c.course_type === 2)!;
    const validation = dataOf(
      await authed(server, token, 'GET', '/v1/validate', { year: MAKE_UP, cids: String(one.cid) }),
    ) as Record<string, number>;
    assert.equal(validation.year_class_hour, 0);
    assert.equal(
      dataOf(await authed(server, token, 'POST', '/v1/signup_once', { year: MAKE_UP, cids: String(one.cid) })),
      null,
    );
  });

  test('academic years, newest first, with the make-up flag', async () => {
    const years = dataOf(await authed(server, tokens.zhang!, 'GET', '/v1/academic_year')) as {
      year: number;
      is_buxue: number;
    }[];
    assert.deepEqual(years, [
      { year: CURRENT, is_buxue: 0 },
      { year: LAST, is_buxue: 0 },
      { year: MAKE_UP, is_buxue: 1 },
    ]);
  });
});

describe('orders and the sandbox gateway', () => {
  let paidOrder: string;

  test('QR: the price is the server’s; the payer pays on the sandbox page; the order is paid and the courses are the learner’s', async () => {
    const token = tokens.zhang!;
    const { cids, price, chosen } = await sixtyHours(token, CURRENT);
    assertRefused(
      await placeOrder(token, { year: CURRENT, cids, price: price - 1, pay_type: 3 }),
      400,
      SELECTION_MESSAGES.priceChanged,
    );
    const order = dataOf(await placeOrder(token, { year: CURRENT, cids, price, pay_type: 3 })) as OrderResponse;
    paidOrder = order.order_id;
    assert.match(order.order_id, /^\d{20}$/);
    assert.equal(order.price, price);
    assert.ok(typeof order.orderSig === 'object');
    const qr = order.orderSig.qrcode_url;
    assert.match(qr, /\/sandbox-pay\/qr\/[\w-]+$/);
    assert.equal((await orderRow(order.order_id)).priceFen, Math.round(price * 100));

    const status = await orderStatus(token, order.order_id);
    assert.equal(status.pay_status, PAY_STATUS.unpaid);
    assert.equal(status.order_name, `${CURRENT}年远程年度培训订单`);
    const detail = dataOf(await authed(server, token, 'GET', '/v1/order_detail', { order_id: order.order_id })) as {
      name: string;
    }[];
    assert.deepEqual(
      detail.map((c) => c.name),
      chosen.map((c) => c.name),
    );

    const pagePath = new URL(qr).pathname;
    const page = await server.send(pagePath);
    assert.match(String(page.body), /支付/);
    assert.match(String(page.body), /失败/);
    const tapped = await payerTaps(qr, 'pay');
    assert.match(await tapped.text(), /支付成功/);

    assert.equal((await orderStatus(token, order.order_id)).pay_status, PAY_STATUS.paid);
    const live = await liveEnrolmentsOf(order.order_id);
    assert.deepEqual(live.map((e) => e.courseId).sort(), chosen.map((c) => c.cid).sort());
    // Bought courses cannot be chosen again, and the page marks them.
    const after = await catalogue(token, CURRENT);
    assert.ok(after.filter((c) => c.is_buy === 1).length === chosen.length);
    assertRefused(
      await placeOrder(token, { year: CURRENT, cids: String(chosen[0]!.cid) }),
      400,
      SELECTION_MESSAGES.alreadyOwned(chosen[0]!.name),
    );
    // A second tap on the same QR changes nothing.
    await payerTaps(qr, 'pay');
    assert.equal((await liveEnrolmentsOf(order.order_id)).length, chosen.length);
  });

  test('another learner can neither see nor pay the order', async () => {
    const other = tokens.wang!;
    assertRefused(
      await authed(server, other, 'GET', '/v1/order_status', { order_id: paidOrder }),
      404,
      ORDER_MESSAGES.notFound,
    );
    assertRefused(
      await authed(server, other, 'GET', '/v1/order_detail', { order_id: paidOrder }),
      404,
      ORDER_MESSAGES.notFound,
    );
    assertRefused(
      await placeOrder(other, { year: CURRENT, cids: '', order_id: paidOrder }),
      404,
      ORDER_MESSAGES.notFound,
    );
    assertRefused(
      await placeOrder(tokens.zhang!, { year: CURRENT, cids: '', order_id: paidOrder }),
      400,
      ORDER_MESSAGES.alreadyPaid,
    );
  });

  test('100 concurrent duplicate notifications: paid once, enrolments once', async () => {
    const token = tokens.li!;
    const { cids, chosen } = await sixtyHours(token, LAST);
    const order = dataOf(await placeOrder(token, { year: LAST, cids })) as OrderResponse;
    const attempt = await newestAttempt(order.order_id);
    const body = notificationBody(attempt.merchantNo, attempt.amountFen, 'paid');
    const answers = await Promise.all(Array.from({ length: 100 }, () => notify(body)));
    assert.deepEqual(new Set(answers.map((a) => `${a.status} ${String(a.body)}`)), new Set(['200 success']));
    assert.equal((await orderStatus(token, order.order_id)).pay_status, PAY_STATUS.paid);
    assert.equal((await liveEnrolmentsOf(order.order_id)).length, chosen.length);
    const recorded = await server.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.merchantNo, attempt.merchantNo));
    assert.equal(recorded.length, 100);
    assert.equal(recorded.filter((n) => n.result === 'applied').length, 1);
    assert.equal(recorded.filter((n) => n.result === 'duplicate').length, 99);
    // A "failed" arriving after the success changes nothing either.
    await notify(notificationBody(attempt.merchantNo, attempt.amountFen, 'failed'));
    assert.equal((await orderStatus(token, order.order_id)).pay_status, PAY_STATUS.paid);
  });

  test('a notification with a wrong signature, a wrong amount or an unknown order is refused and changes nothing', async () => {
    const token = tokens.li!; // 王芳 owns this year's courses (the study demo)
    const { cids } = await sixtyHours(token, CURRENT);
    const order = dataOf(await placeOrder(token, { year: CURRENT, cids })) as OrderResponse;
    const attempt = await newestAttempt(order.order_id);
    const good = notificationBody(attempt.merchantNo, attempt.amountFen, 'paid');

    const forged = await notify(good, 'not-the-key');
    assert.equal(forged.status, 400);
    assert.equal(forged.body, 'fail');
    const tampered = await server.send('/payment/notify/sandbox', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(server.config.paymentSandboxKey, good),
      },
      body: good.replace(`"amount_fen":${attempt.amountFen}`, '"amount_fen":1'),
    });
    assert.equal(tampered.body, 'fail');
    const cheap = await notify(notificationBody(attempt.merchantNo, 1, 'paid'));
    assert.equal(cheap.status, 400);
    assert.equal(cheap.body, 'fail');
    assert.equal((await notify(notificationBody('99999999', attempt.amountFen, 'paid'))).body, 'fail');
    assert.equal((await notify('not json')).body, 'fail');
    assert.equal((await server.send('/payment/notify/sandbox', { method: 'POST', body: good })).body, 'fail');

    assert.equal((await orderStatus(token, order.order_id)).pay_status, PAY_STATUS.unpaid);
    assert.equal((await liveEnrolmentsOf(order.order_id)).length, 0);
    const results = (
      await server.db.select().from(paymentNotifications).where(eq(paymentNotifications.merchantNo, attempt.merchantNo))
    ).map((n) => n.result);
    assert.ok(results.includes('amount_mismatch'));
    // Cancelled below by the next order of the same year (a new selection replaces it).
  });

  test('an expired order cannot be paid; a late payment is refunded, never enrolled', async () => {
    const token = tokens.li!; // 王芳 owns this year's courses (the study demo)
    const { cids } = await sixtyHours(token, CURRENT);
    const order = dataOf(await placeOrder(token, { year: CURRENT, cids })) as OrderResponse;
    const qr = (order.orderSig as { qrcode_url: string }).qrcode_url;
    const attempt = await newestAttempt(order.order_id);

    server.clock.advance(5 * 60 * 1000 + 1000);
    const tapped = await payerTaps(qr, 'pay');
    assert.match(await tapped.text(), /超时关闭/);
    assert.equal((await orderStatus(token, order.order_id)).pay_status, PAY_STATUS.failed);

    // The gateway took the money anyway (say, a real gateway's race): too late, so refunded.
    await server.db
      .update(sandboxPayments)
      .set({ state: 'paid', tradeNo: 'T-late' })
      .where(eq(sandboxPayments.merchantNo, attempt.merchantNo));
    const late = await notify(notificationBody(attempt.merchantNo, attempt.amountFen, 'paid'));
    assert.equal(late.body, 'success');
    assert.equal((await orderStatus(token, order.order_id)).pay_status, PAY_STATUS.failed);
    assert.equal((await liveEnrolmentsOf(order.order_id)).length, 0);
    const refunds = await server.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.merchantNo, attempt.merchantNo));
    assert.equal(refunds.length, 1);
    assert.equal(refunds[0]!.amountFen, attempt.amountFen);
    await notify(notificationBody(attempt.merchantNo, attempt.amountFen, 'paid'));
    assert.equal(
      (await server.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.merchantNo, attempt.merchantNo))).length,
      1,
    );
  });

  test('failure, then repay: a new attempt with its own merchant number pays the same order; a refund goes back to that attempt', async () => {
    const token = tokens.li!; // 王芳 owns this year's courses (the study demo)
    const { cids, chosen } = await sixtyHours(token, CURRENT);
    const order = dataOf(await placeOrder(token, { year: CURRENT, cids })) as OrderResponse;
    const first = await newestAttempt(order.order_id);
    const tapped = await payerTaps((order.orderSig as { qrcode_url: string }).qrcode_url, 'fail');
    assert.match(await tapped.text(), /支付失败/);
    assert.equal((await orderStatus(token, order.order_id)).pay_status, PAY_STATUS.failed);

    const again = dataOf(
      await placeOrder(token, { year: CURRENT, cids: '', order_id: order.order_id, pay_type: 2 }),
    ) as OrderResponse;
    assert.equal(again.order_id, order.order_id);
    const second = await newestAttempt(order.order_id);
    assert.notEqual(second.merchantNo, first.merchantNo);
    assert.equal(second.merchantNo, `${order.order_id}02`);
    assert.equal((await orderStatus(token, order.order_id)).pay_status, PAY_STATUS.unpaid);

    // Redirect type: the checkout page pays and sends the browser back to the site.
    assert.equal(typeof again.orderSig, 'string');
    const back = await payerTaps(again.orderSig as string, 'pay');
    assert.equal(back.status, 303);
    assert.match(back.headers.get('location') ?? '', new RegExp(`/pay\\?order_id=${order.order_id}&returned=1$`));
    assert.equal((await orderStatus(token, order.order_id)).pay_status, PAY_STATUS.paid);
    assert.equal((await liveEnrolmentsOf(order.order_id)).length, chosen.length);
    // The earlier orders of the year were replaced by the newer selection: cancelled, never paid.
    const { learnerId } = await orderRow(order.order_id);
    const yearOrders = await server.db
      .select()
      .from(orders)
      .where(and(eq(orders.year, CURRENT), eq(orders.learnerId, learnerId)));
    assert.deepEqual(
      yearOrders.filter((o) => o.payStatus === PAY_STATUS.paid).map((o) => o.orderNo),
      [order.order_id],
    );
    assert.ok(
      yearOrders.filter((o) => o.orderNo !== order.order_id).every((o) => o.payStatus === PAY_STATUS.cancelled),
    );

    // An approved refund goes back through the same gateway, against the attempt that was paid.
    assert.equal(
      dataOf(await authed(server, token, 'POST', '/v1/refund', { order_id: order.order_id, reason: '单位已统一缴费' })),
      null,
    );
    const provider = paymentProviderFromConfig(server.db, server.clock, server.config);
    const outcome = await approveRefund(server.db, server.clock, provider, COMMAND_LINE_ACTOR, order.order_id);
    assert.equal(outcome.kind, 'refunded');
    const refunded = await orderRow(order.order_id);
    assert.equal(refunded.payStatus, PAY_STATUS.refunded);
    assert.equal(refunded.refundStatus, 3);
    assert.equal((await liveEnrolmentsOf(order.order_id)).length, 0);
    const gatewayRefunds = await server.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.merchantNo, second.merchantNo));
    assert.equal(gatewayRefunds.length, 1);
    assert.equal(gatewayRefunds[0]!.amountFen, refunded.priceFen);
  });
});

describe('repaying an order', () => {
  test('is refused when the learner already holds one of its courses, and nothing is written', async () => {
    const token = tokens.li!;
    const { cids, chosen } = await sixtyHours(token, CURRENT);
    const order = dataOf(await placeOrder(token, { year: CURRENT, cids })) as OrderResponse;
    assert.match(
      await (await payerTaps((order.orderSig as { qrcode_url: string }).qrcode_url, 'fail')).text(),
      /支付失败/,
    );
    // Meanwhile the learner came to hold one of the order's courses another way.
    const { learnerId } = await orderRow(order.order_id);
    const owned = chosen[chosen.length - 1]!;
    const [held] = await server.db
      .insert(enrolments)
      .values({ learnerId, courseId: Number(owned.cid), year: CURRENT, createdAt: server.clock.now() })
      .returning();
    // The request's own nonce is the one row a refused request adds.
    const fingerprint = async () => ({ ...(await databaseFingerprint(server.db)), request_nonces: 0 });
    const before = await fingerprint();
    const rowBefore = await orderRow(order.order_id);
    const refused = await placeOrder(token, { year: CURRENT, cids: '', order_id: order.order_id, pay_type: 3 });
    assertRefused(refused, 409, MESSAGES.courseAlreadyOwned(owned.name));
    assert.deepEqual(await fingerprint(), before);
    assert.deepEqual(await orderRow(order.order_id), rowBefore);
    await server.db.delete(enrolments).where(eq(enrolments.id, held!.id));
  });
});

describe('the sweep of expired orders', () => {
  test('closes unpaid orders past their deadline, at the gateway too, without anyone reading them', async () => {
    const token = tokens.li!;
    const { cids } = await sixtyHours(token, CURRENT);
    const order = dataOf(await placeOrder(token, { year: CURRENT, cids })) as OrderResponse;
    const attempt = await newestAttempt(order.order_id);
    const ctx = {
      db: server.db,
      clock: server.clock,
      provider: createSandboxProvider({ db: server.db, clock: server.clock, key: server.config.paymentSandboxKey }),
      log: { warn: () => undefined, error: () => undefined },
    };
    assert.equal(await settleExpiredOrders(ctx), 0, 'nothing is due before the deadline');
    server.clock.advance(5 * 60 * 1000 + 1);
    assert.ok((await settleExpiredOrders(ctx)) >= 1);
    assert.equal((await orderRow(order.order_id)).payStatus, PAY_STATUS.failed);
    const [gateway] = await server.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.merchantNo, attempt.merchantNo));
    assert.equal(gateway!.state, 'closed');
  });
});

describe('public-requirement sign-up', () => {
  test('at least 30 hours, exactly 30 on confirmation; then enrolled, and not twice', async () => {
    const token = tokens.li!;
    const list = dataOf(
      await authed(server, token, 'GET', '/v1/public_courses_list', { year: CURRENT, type: 1 }),
    ) as SelectionCourse[];
    assert.equal(list.length, 8);
    // Item 10: public courses are free, even where an older catalogue row still carries a price.
    await server.db.update(courses).set({ priceFen: 2500 }).where(eq(courses.id, list[7]!.cid));
    const priced = dataOf(
      await authed(server, token, 'GET', '/v1/public_courses_list', { year: CURRENT, type: 1 }),
    ) as SelectionCourse[];
    assert.ok(priced.every((c) => c.price === 0));
    assert.ok(
      priced.every((c) => c.credit === c.class_hour),
      'one credit an hour',
    );
    const ids = (n: number) =>
      list
        .slice(0, n)
        .map((c) => c.cid)
        .join(',');
    const signUp = (courseIds: string) =>
      authed(server, token, 'POST', '/v1/public_courses_signup_once', { year: CURRENT, course_ids: courseIds });
    assertRefused(await signUp(''), 400, SELECTION_MESSAGES.nothingSelected);
    assertRefused(await signUp(ids(5)), 400, SELECTION_MESSAGES.publicNotExact('30.0', '25.0'));
    assertRefused(await signUp(ids(7)), 400, SELECTION_MESSAGES.publicNotExact('30.0', '35.0'));
    assert.equal(dataOf(await signUp(ids(6))), null);
    const after = dataOf(
      await authed(server, token, 'GET', '/v1/public_courses_list', { year: CURRENT, type: 1 }),
    ) as SelectionCourse[];
    assert.equal(after.filter((c) => c.is_buy === 1).length, 6);
    assertRefused(await signUp(String(list[6]!.cid)), 400, SELECTION_MESSAGES.publicAlreadyComplete);
    assertRefused(await signUp(String(list[0]!.cid)), 400, SELECTION_MESSAGES.alreadyOwned(list[0]!.name));
  });
});

describe('item 17: expired orders and replaced orders are told, not silent', () => {
  const listOrders = async (token: string) => dataOf(await authed(server, token, 'GET', '/v1/orders')) as OrderRow[];

  test('an order left unpaid past its deadline is expired (已过期), a declined one failed (支付失败); both can be paid again', async () => {
    const token = tokens.zhang!;
    const { cids } = await sixtyHours(token, LAST);
    const order = dataOf(await placeOrder(token, { year: LAST, cids })) as OrderResponse;
    server.clock.advance(5 * 60 * 1000 + 1000);
    const status = await orderStatus(token, order.order_id);
    assert.equal(status.pay_status, PAY_STATUS.failed);
    assert.equal(status.pay_failure, 'expired');
    const row = (await listOrders(token)).find((r) => r.order_id === order.order_id)!;
    assert.equal(row.pay_failure, 'expired');
    assert.equal(payStatusTextOf(row), '已过期');
    assert.deepEqual(row.actions, ['repay', 'cancel']);

    // Paying again starts a new attempt: unpaid, no failure any more.
    const again = dataOf(await placeOrder(token, { year: LAST, cids: '', order_id: order.order_id })) as OrderResponse;
    assert.deepEqual(again.replaced_orders, []);
    const reopened = await orderStatus(token, order.order_id);
    assert.equal(reopened.pay_status, PAY_STATUS.unpaid);
    assert.equal(reopened.pay_failure, null);

    // Declined by the payer: failed, and worded as such.
    await payerTaps((again.orderSig as { qrcode_url: string }).qrcode_url, 'fail');
    const declined = await orderStatus(token, order.order_id);
    assert.equal(declined.pay_status, PAY_STATUS.failed);
    assert.equal(declined.pay_failure, 'declined');
    assert.equal(payStatusTextOf((await listOrders(token)).find((r) => r.order_id === order.order_id)!), '支付失败');
  });

  test('a new order names the unpaid or failed orders of the year it replaces: before (replaceable_orders) and after (replaced_orders)', async () => {
    const token = tokens.zhang!;
    const { cids } = await sixtyHours(token, LAST);
    const before = dataOf(
      await authed(server, token, 'GET', '/v1/replaceable_orders', { year: LAST }),
    ) as ReplaceableOrder[];
    assert.ok(before.length >= 1, 'the failed order of the previous test');
    const first = dataOf(await placeOrder(token, { year: LAST, cids })) as OrderResponse;
    assert.deepEqual(
      first.replaced_orders,
      before.map((o) => o.order_id),
    );
    const listed = dataOf(
      await authed(server, token, 'GET', '/v1/replaceable_orders', { year: LAST }),
    ) as ReplaceableOrder[];
    assert.deepEqual(
      listed.map((o) => [o.order_id, o.pay_status, o.pay_failure]),
      [[first.order_id, PAY_STATUS.unpaid, null]],
    );
    // Another year's orders are not this year's business.
    assert.ok(
      !(
        dataOf(await authed(server, token, 'GET', '/v1/replaceable_orders', { year: MAKE_UP })) as ReplaceableOrder[]
      ).some((o) => o.order_id === first.order_id),
    );

    const second = dataOf(await placeOrder(token, { year: LAST, cids })) as OrderResponse;
    assert.deepEqual(second.replaced_orders, [first.order_id]);
    assert.equal((await orderRow(first.order_id)).payStatus, PAY_STATUS.cancelled);
    assertRefused(await authed(server, token, 'GET', '/v1/replaceable_orders', { year: 'x' }), 400, /./);
  });
});

describe('a notification that never comes', () => {
  test('the waiting pay page’s order_status asks the gateway after 5 s, once per 10 s, and settles what it reports', async () => {
    const token = tokens.zhang!;
    const { cids, chosen } = await sixtyHours(token, LAST);
    const order = dataOf(await placeOrder(token, { year: LAST, cids })) as OrderResponse;
    const attempt = await newestAttempt(order.order_id);
    const queriedAt = async () => (await newestAttempt(order.order_id)).queriedAt;

    // Within the grace the notification is waited for; the gateway is not asked.
    assert.equal((await orderStatus(token, order.order_id)).pay_status, PAY_STATUS.unpaid);
    assert.equal(await queriedAt(), null);
    // After it, the first poll asks (still pending at the gateway) and the next 10 s do not.
    server.clock.advance(NOTIFICATION_GRACE_MS);
    assert.equal((await orderStatus(token, order.order_id)).pay_status, PAY_STATUS.unpaid);
    const asked = await queriedAt();
    assert.ok(asked);
    // Each question is in the audit trail, as the learner's page's, in the claim's transaction.
    const questions = async () =>
      server.db
        .select()
        .from(auditRecords)
        .where(and(eq(auditRecords.action, 'payment.query'), eq(auditRecords.target, order.order_id)));
    const [question] = await questions();
    assert.equal(question?.actor, `学员 ${ZHANG.name}`);
    assert.deepEqual(question?.before, { queried_at: null });
    assert.deepEqual(question?.after, { merchant_no: attempt.merchantNo, queried_at: formatBeijingTime(asked) });
    // The payer pays; the server that should hear of it dies before the notification arrives.
    await server.db
      .update(sandboxPayments)
      .set({ state: 'paid', tradeNo: 'T-lost', finishedAt: server.clock.now() })
      .where(eq(sandboxPayments.merchantNo, attempt.merchantNo));
    server.clock.advance(GATEWAY_QUERY_INTERVAL_MS - 1000);
    assert.equal((await orderStatus(token, order.order_id)).pay_status, PAY_STATUS.unpaid);
    assert.deepEqual(await queriedAt(), asked);
    assert.equal((await questions()).length, 1, 'a poll that does not ask writes nothing');
    server.clock.advance(1000);
    assert.equal((await orderStatus(token, order.order_id)).pay_status, PAY_STATUS.paid);
    const paid = await newestAttempt(order.order_id);
    assert.equal(paid.status, 'paid');
    assert.equal(paid.providerTradeNo, 'T-lost');
    assert.equal((await liveEnrolmentsOf(order.order_id)).length, chosen.length);
    // The notification arriving after all changes nothing.
    await notify(notificationBody(attempt.merchantNo, attempt.amountFen, 'paid'));
    assert.equal((await liveEnrolmentsOf(order.order_id)).length, chosen.length);
  });
});
