import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { myOrdersResponseSchema, type OrderRow } from '@yaoshi/contracts/orders';
import { ORDER_MESSAGES } from '@yaoshi/contracts/order-rules';
import { learnerActionsOf, type OrderState } from '@yaoshi/contracts/order-states';
import { parseAdminArgs } from '../admin/admin-args';
import { academicYears, courses } from '../catalogue/catalogue-schema';
import { courseProgress } from '../study/study-schema';
import { enrolments, orders } from './orders-schema';
import { invoiceRequests } from '../invoices/invoices-schema';
import { learners } from '../accounts/accounts-schema';
import { refundRequests } from '../refunds/refunds-schema';
import { MESSAGES } from '../messages';
import type { PaymentProvider, RefundInput, RefundResult } from '../payment/payment-provider';
import { demoOrderStates, insertOrderInState } from '../seed/order-seed';
import { runAdminOn } from '../test-support/admin-cli-run';
import { databaseFingerprint, startTestServer, type TestServer } from '../test-support/test-server';
import { WANG, ZHANG, assertRefused, authed, dataOf, loginToken } from '../test-support/learner-session';
import { refundWindowEnd } from '@yaoshi/contracts/refund-window';

let server: TestServer;
let wangToken: string;
let zhangToken: string;
let zhangId: number;
/** Study years other than the current one (the current year's orders belong to the study feature's demo). */
let pastYears: number[];
const unusedCourses: number[] = [];

before(async () => {
  server = await startTestServer();
  wangToken = await loginToken(server, WANG.phone, WANG.password);
  zhangToken = await loginToken(server, ZHANG.phone, ZHANG.password);
  const [zhang] = await server.db
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.idNumber, ZHANG.idNumber));
  zhangId = zhang!.id;
  const years = await server.db
    .select({ year: academicYears.year })
    .from(academicYears)
    .orderBy(asc(academicYears.sortOrder));
  pastYears = years.slice(1).map((row) => row.year);
  const rows = await server.db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.year, pastYears[0]!), eq(courses.kind, 'professional'), eq(courses.delivery, 'web')));
  unusedCourses.push(...rows.map((row) => row.id));
});
after(() => server.close());

let nextOrderNo = 700000;
const DAY_MS = 24 * 60 * 60 * 1000;

const state = (pay_status: number, refund_status = 0, is_receipt = 0) =>
  ({ pay_status, refund_status, is_receipt }) as OrderState;

/** An order of 张晓明 (or `learnerId`) in `orderState`, paid 2 days ago when paid; `courseCount` courses enrolled. */
async function orderOf(
  orderState: OrderState,
  options: { learnerId?: number; courseCount?: number; paidAt?: Date } = {},
): Promise<string> {
  const orderNo = String((nextOrderNo += 1));
  const courseIds = unusedCourses.splice(0, options.courseCount ?? 0);
  const createdAt = new Date(server.clock.nowMs() - 2 * DAY_MS);
  const id = await insertOrderInState(server.db, {
    orderNo,
    learnerId: options.learnerId ?? zhangId,
    year: pastYears[0]!,
    state: orderState,
    courseIds,
    createdAt,
    ...(options.paidAt ? { paidAt: options.paidAt } : {}),
    priceFen: courseIds.length === 0 ? 18000 : undefined,
  });
  assert.ok(id !== null);
  return orderNo;
}

async function stateOf(orderNo: string): Promise<OrderState> {
  const [row] = await server.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  assert.ok(row, `order ${orderNo}`);
  return { pay_status: row.payStatus, refund_status: row.refundStatus, is_receipt: row.receiptStatus } as OrderState;
}

async function listOf(token: string): Promise<OrderRow[]> {
  return myOrdersResponseSchema.parse(dataOf(await authed(server, token, 'GET', '/v1/orders')));
}

const cancel = (token: string, order_id: unknown) => authed(server, token, 'GET', '/v1/cancel', { order_id });
const refund = (token: string, order_id: unknown, reason: unknown = '工作单位统一缴费，个人重复支付') =>
  authed(server, token, 'POST', '/v1/refund', { order_id, reason });
const PERSONAL_INVOICE = { type: 1, phone: '13712345678', email: 'wang@example.com' };
const ENTERPRISE_INVOICE = {
  type: 2,
  invoice_title: '上海市浦东新区人民医院',
  tax_number: '91310115MA1H7ABC3X',
  phone: '15812345678',
  email: 'caiwu@example.com',
  remark: '请尽快开具',
};
const invoice = (token: string, order_id: unknown, fields: Record<string, unknown> = PERSONAL_INVOICE) =>
  authed(server, token, 'POST', '/v1/receipt', { order_id, invoice_type: 1, ...fields });

/** Runs `act` and asserts it was refused with `code` and `message` and changed nothing at all. */
async function assertRefusedUnchanged(act: () => ReturnType<typeof cancel>, code: number, message: string | RegExp) {
  const before = await databaseFingerprint(server.db);
  const ordersBefore = await server.db.select().from(orders).orderBy(asc(orders.id));
  assertRefused(await act(), code, message);
  // The request's nonce is the one row a refused call writes.
  const afterPrint = await databaseFingerprint(server.db);
  assert.deepEqual({ ...afterPrint, request_nonces: 0 }, { ...before, request_nonces: 0 });
  assert.deepEqual(await server.db.select().from(orders).orderBy(asc(orders.id)), ordersBefore);
}

describe('GET /v1/orders', () => {
  test('王芳 sees her demo orders in every state the table can show, newest first, price in yuan', async () => {
    // Her current-year order belongs to the study demo (api/src/seed/study-seed.ts).
    const list = (await listOf(wangToken)).filter((row) => pastYears.includes(row.year));
    const key = (s: OrderState) => `${s.pay_status}/${s.refund_status}/${s.is_receipt}`;
    assert.deepEqual(new Set(list.map(key)), new Set(demoOrderStates().map(key)));
    // One order per state, and a second failed one: declined (支付失败) and expired (已过期).
    assert.equal(list.length, demoOrderStates().length + 1);
    assert.deepEqual(
      list
        .filter((row) => row.pay_status === 3)
        .map((row) => row.pay_failure)
        .sort(),
      ['declined', 'expired'],
    );
    assert.ok(list.filter((row) => row.pay_status !== 3).every((row) => row.pay_failure === null));
    assert.deepEqual(
      [...list].sort((a, b) => b.create_time.localeCompare(a.create_time)).map((row) => row.order_id),
      list.map((row) => row.order_id),
    );
    for (const row of list) {
      assert.match(row.order_id, /^\d+$/);
      assert.ok(row.price === 60 || row.price === 30, `two courses of 6 h or 3 h at 5 yuan an hour: ${row.price}`);
      assert.equal(row.order_name, `${row.year}年远程年度培训订单`);
      assert.match(row.create_time, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      assert.ok(row.pay_type === 2 || row.pay_type === 3);
      assert.equal(row.education_type, 1);
    }
  });

  test('a learner sees only their own orders', async () => {
    const before = await listOf(zhangToken);
    const orderNo = await orderOf(state(1));
    const after = await listOf(zhangToken);
    assert.equal(after.length, before.length + 1);
    assert.equal(after[0]?.order_id, orderNo);
    assert.equal(after[0]?.price, 180);
    assert.ok(!(await listOf(wangToken)).some((row) => row.order_id === orderNo));
  });

  test('without a session: 401; with a payload: refused', async () => {
    assertRefused(await server.call({ method: 'GET', path: '/v1/orders' }), 401, MESSAGES.loginRequired);
    assertRefused(await authed(server, wangToken, 'GET', '/v1/orders', { learner_id: 1 }), 400, /learner_id/);
  });
});

describe('GET /v1/cancel', () => {
  test('an unpaid and a failed order are cancelled', async () => {
    for (const pay of [1, 3]) {
      const orderNo = await orderOf(state(pay));
      assert.equal(dataOf(await cancel(zhangToken, orderNo)), null);
      assert.deepEqual(await stateOf(orderNo), state(4));
      assert.equal((await listOf(zhangToken)).find((row) => row.order_id === orderNo)?.pay_status, 4);
    }
  });

  test('a paid, cancelled or refunded order is refused with the reason, and nothing changes', async () => {
    const cases: [OrderState, string][] = [
      [state(2), MESSAGES.orderPaidCannotCancel],
      [state(2, 1), MESSAGES.orderPaidCannotCancel],
      [state(4), MESSAGES.orderAlreadyCancelled],
      [state(5, 3), MESSAGES.orderRefundedCannotCancel],
    ];
    for (const [orderState, message] of cases) {
      const orderNo = await orderOf(orderState);
      await assertRefusedUnchanged(() => cancel(zhangToken, orderNo), 409, message);
    }
  });

  test('two cancels at once: one succeeds, the other is told it is already cancelled', async () => {
    const orderNo = await orderOf(state(1));
    const replies = await Promise.all([cancel(zhangToken, orderNo), cancel(zhangToken, orderNo)]);
    assert.deepEqual(replies.map((reply) => reply.status).sort(), [200, 409]);
    assertRefused(
      replies.find((reply) => reply.status === 409)!,
      409,
      MESSAGES.orderAlreadyCancelled,
    );
    assert.deepEqual(await stateOf(orderNo), state(4));
  });

  test('bad order numbers are refused with the form texts', async () => {
    await assertRefusedUnchanged(() => cancel(zhangToken, 'abc'), 400, ORDER_MESSAGES.orderNoDigits);
    await assertRefusedUnchanged(() => cancel(zhangToken, ''), 400, ORDER_MESSAGES.orderNoRequired);
    await assertRefusedUnchanged(() => cancel(zhangToken, '1'.repeat(33)), 400, ORDER_MESSAGES.orderNoDigits);
    await assertRefusedUnchanged(() => cancel(zhangToken, { $ne: 1 }), 400, ORDER_MESSAGES.orderNoRequired);
    await assertRefusedUnchanged(() => cancel(zhangToken, '99999999'), 404, MESSAGES.orderNotFound);
  });
});

describe('learner A acting on learner B’s orders', () => {
  test('cancel, refund and invoice of another learner’s order answer 订单不存在 and change nothing', async () => {
    const unpaid = (await listOf(wangToken)).find((row) => row.pay_status === 1 && row.refund_status === 0)!;
    const paid = (await listOf(wangToken)).find(
      (row) => row.pay_status === 2 && row.refund_status === 0 && row.is_receipt === 0,
    )!;
    await assertRefusedUnchanged(() => cancel(zhangToken, unpaid.order_id), 404, MESSAGES.orderNotFound);
    await assertRefusedUnchanged(() => refund(zhangToken, paid.order_id), 404, MESSAGES.orderNotFound);
    await assertRefusedUnchanged(() => invoice(zhangToken, paid.order_id), 404, MESSAGES.orderNotFound);
    assert.deepEqual(await stateOf(unpaid.order_id), state(1));
    assert.deepEqual(await stateOf(paid.order_id), state(2));
  });
});

describe('POST /v1/refund', () => {
  test('a paid order gets a refund request under review, with its reason and amount', async () => {
    const orderNo = await orderOf(state(2), { courseCount: 2 });
    assert.equal(dataOf(await refund(zhangToken, orderNo, '  本年度学时已在单位集中培训完成  ')), null);
    assert.deepEqual(await stateOf(orderNo), state(2, 1));
    const [order] = await server.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    const requests = await server.db.select().from(refundRequests).where(eq(refundRequests.orderId, order!.id));
    assert.equal(requests.length, 1);
    assert.equal(requests[0]?.reason, '本年度学时已在单位集中培训完成');
    assert.equal(requests[0]?.amountFen, order!.priceFen);
    assert.equal(requests[0]?.status, 'reviewing');
  });

  test('again after a failed refund, and with an order number sent as a number', async () => {
    const orderNo = await orderOf(state(2, 4));
    dataOf(await refund(zhangToken, Number(orderNo)));
    assert.deepEqual(await stateOf(orderNo), state(2, 1));
  });

  test('every state the table refuses is refused with its reason, and nothing changes', async () => {
    const cases: [OrderState, string][] = [
      [state(1), MESSAGES.orderNotPaidNoRefund],
      [state(3), MESSAGES.orderNotPaidNoRefund],
      [state(4), MESSAGES.orderCancelledNoRefund],
      [state(5, 3), MESSAGES.orderAlreadyRefunded],
      [state(2, 1), MESSAGES.refundInProgress],
      [state(2, 2), MESSAGES.refundInProgress],
      [state(2, 0, 1), MESSAGES.invoiceRequestedNoRefund],
      [state(2, 0, 3), MESSAGES.invoiceRequestedNoRefund],
      [state(2, 0, 4), MESSAGES.invoiceRequestedNoRefund],
      [state(2, 4, 3), MESSAGES.invoiceRequestedNoRefund],
    ];
    for (const [orderState, message] of cases) {
      const orderNo = await orderOf(orderState);
      await assertRefusedUnchanged(() => refund(zhangToken, orderNo), 409, message);
    }
  });

  test('no refund more than one month after payment (spec 01 §4)', async () => {
    const paidAt = new Date(server.clock.nowMs() - 40 * DAY_MS);
    const late = await orderOf(state(2), { paidAt });
    await assertRefusedUnchanged(() => refund(zhangToken, late), 400, MESSAGES.refundWindowPassed);
    // On the last moment of the month it is still allowed.
    const edge = new Date(server.clock.nowMs() - 10 * DAY_MS);
    const onTime = await orderOf(state(2), { paidAt: edge });
    const saved = server.clock.nowMs();
    server.clock.set(refundWindowEnd(edge));
    try {
      dataOf(await refund(zhangToken, onTime));
    } finally {
      server.clock.set(saved);
    }
    assert.deepEqual(await stateOf(onTime), state(2, 1));
  });

  test('reason required and bounded; order number digits only', async () => {
    const orderNo = await orderOf(state(2));
    await assertRefusedUnchanged(() => refund(zhangToken, orderNo, '   '), 400, ORDER_MESSAGES.reasonRequired);
    await assertRefusedUnchanged(
      () => authed(server, zhangToken, 'POST', '/v1/refund', { order_id: orderNo }),
      400,
      ORDER_MESSAGES.reasonRequired,
    );
    await assertRefusedUnchanged(
      () => refund(zhangToken, orderNo, '长'.repeat(201)),
      400,
      ORDER_MESSAGES.reasonTooLong,
    );
    await assertRefusedUnchanged(() => refund(zhangToken, `${orderNo}x`), 400, ORDER_MESSAGES.orderNoDigits);
    await assertRefusedUnchanged(
      () => authed(server, zhangToken, 'POST', '/v1/refund', { order_id: orderNo, reason: 'x', amount: 1 }),
      400,
      /amount/,
    );
  });

  test('concurrent double submissions make one request, not two', async () => {
    const orderNo = await orderOf(state(2));
    const replies = await Promise.all(Array.from({ length: 8 }, () => refund(zhangToken, orderNo)));
    const codes = replies.map((reply) => reply.status).sort();
    assert.deepEqual(codes, [200, 409, 409, 409, 409, 409, 409, 409]);
    for (const reply of replies.filter((r) => r.status === 409)) assertRefused(reply, 409, MESSAGES.refundInProgress);
    const [order] = await server.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    assert.equal(
      (await server.db.select().from(refundRequests).where(eq(refundRequests.orderId, order!.id))).length,
      1,
    );
    assert.deepEqual(await stateOf(orderNo), state(2, 1));
  });
});

describe('POST /v1/receipt', () => {
  test('a personal invoice without a title is made out to the learner; enterprise keeps every field', async () => {
    const personal = await orderOf(state(2));
    dataOf(await invoice(zhangToken, personal));
    assert.deepEqual(await stateOf(personal), state(2, 0, 1));
    const enterprise = await orderOf(state(2));
    dataOf(await invoice(zhangToken, enterprise, { ...ENTERPRISE_INVOICE, tax_number: '91310115ma1h7abc3x' }));
    const rows = await server.db
      .select({ orderNo: orders.orderNo, request: invoiceRequests })
      .from(invoiceRequests)
      .innerJoin(orders, eq(orders.id, invoiceRequests.orderId))
      .where(eq(orders.learnerId, zhangId));
    const byOrder = new Map(rows.map((row) => [row.orderNo, row.request]));
    assert.deepEqual(
      (({ invoiceKind, titleType, invoiceTitle, taxNumber, phone, email, status }) => ({
        invoiceKind,
        titleType,
        invoiceTitle,
        taxNumber,
        phone,
        email,
        status,
      }))(byOrder.get(personal)!),
      {
        invoiceKind: 1,
        titleType: 1,
        invoiceTitle: '张晓明',
        taxNumber: null,
        phone: '13712345678',
        email: 'wang@example.com',
        status: 'reviewing',
      },
    );
    const stored = byOrder.get(enterprise)!;
    assert.equal(stored.invoiceTitle, ENTERPRISE_INVOICE.invoice_title);
    assert.equal(stored.taxNumber, '91310115MA1H7ABC3X');
    assert.equal(stored.remark, '请尽快开具');
    assert.equal(stored.amountFen, 18000);
  });

  test('allowed after a failed refund, and again after a failed invoice', async () => {
    for (const orderState of [state(2, 4), state(2, 0, 4), state(2, 4, 4)]) {
      const orderNo = await orderOf(orderState);
      dataOf(await invoice(zhangToken, orderNo));
      assert.deepEqual(await stateOf(orderNo), { ...orderState, is_receipt: 1 });
    }
  });

  test('every state the table refuses is refused with its reason, and nothing changes', async () => {
    const cases: [OrderState, string][] = [
      [state(1), MESSAGES.orderNotPaidNoInvoice],
      [state(3), MESSAGES.orderNotPaidNoInvoice],
      [state(4), MESSAGES.orderNotPaidNoInvoice],
      [state(5, 3), MESSAGES.orderRefundedNoInvoice],
      [state(2, 1), MESSAGES.refundInProgressNoInvoice],
      [state(2, 2), MESSAGES.refundInProgressNoInvoice],
      [state(2, 0, 1), MESSAGES.invoiceInProgress],
      [state(2, 0, 2), MESSAGES.invoiceInProgress],
      [state(2, 0, 3), MESSAGES.invoiceAlreadyIssued],
    ];
    for (const [orderState, message] of cases) {
      const orderNo = await orderOf(orderState);
      await assertRefusedUnchanged(() => invoice(zhangToken, orderNo), 409, message);
    }
  });

  test('every field rule of spec 02 §5, on the server too', async () => {
    const orderNo = await orderOf(state(2));
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ ...PERSONAL_INVOICE, type: 3 }, ORDER_MESSAGES.titleTypeRequired],
      [{ phone: '13712345678', email: 'a@b.cn' }, ORDER_MESSAGES.titleTypeRequired],
      [{ ...PERSONAL_INVOICE, invoice_type: 2 }, ORDER_MESSAGES.invoiceKindRequired],
      [{ ...ENTERPRISE_INVOICE, invoice_title: '' }, ORDER_MESSAGES.invoiceTitleRequired],
      [{ ...ENTERPRISE_INVOICE, tax_number: '' }, ORDER_MESSAGES.taxNumberRequired],
      [{ ...ENTERPRISE_INVOICE, tax_number: '123' }, ORDER_MESSAGES.taxNumberInvalid],
      [{ ...PERSONAL_INVOICE, phone: '' }, ORDER_MESSAGES.phoneRequired],
      [{ ...PERSONAL_INVOICE, phone: '16612345678' }, ORDER_MESSAGES.phoneInvalid],
      [{ ...PERSONAL_INVOICE, phone: '1371234567' }, ORDER_MESSAGES.phoneInvalid],
      [{ ...PERSONAL_INVOICE, phone: '137123456789' }, ORDER_MESSAGES.phoneInvalid],
      [{ ...PERSONAL_INVOICE, email: '' }, ORDER_MESSAGES.emailRequired],
      [{ ...PERSONAL_INVOICE, email: 'wang@' }, ORDER_MESSAGES.emailInvalid],
      [{ ...PERSONAL_INVOICE, remark: '备'.repeat(201) }, ORDER_MESSAGES.remarkTooLong],
      [{ ...PERSONAL_INVOICE, invoice_title: '抬'.repeat(101) }, ORDER_MESSAGES.invoiceTitleTooLong],
      [{ ...PERSONAL_INVOICE, learner_id: 1 }, /learner_id/],
    ];
    for (const [fields, message] of cases) {
      await assertRefusedUnchanged(
        () => authed(server, zhangToken, 'POST', '/v1/receipt', { order_id: orderNo, ...fields }),
        400,
        message,
      );
    }
    await assertRefusedUnchanged(() => invoice(zhangToken, 'NO123'), 400, ORDER_MESSAGES.orderNoDigits);
    // The invoice type may be left out (the original client did not send it): the one type.
    dataOf(
      await authed(server, zhangToken, 'POST', '/v1/receipt', {
        order_id: orderNo,
        ...PERSONAL_INVOICE,
        invoice_detail: '',
      }),
    );
  });

  test('concurrent double submissions make one request, not two', async () => {
    const orderNo = await orderOf(state(2));
    const replies = await Promise.all(Array.from({ length: 6 }, () => invoice(zhangToken, orderNo)));
    assert.equal(replies.filter((reply) => reply.status === 200).length, 1);
    for (const reply of replies.filter((r) => r.status !== 200)) assertRefused(reply, 409, MESSAGES.invoiceInProgress);
    const [order] = await server.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    assert.equal(
      (await server.db.select().from(invoiceRequests).where(eq(invoiceRequests.orderId, order!.id))).length,
      1,
    );
  });

  test('a refund and an invoice raced on one order: exactly one of them', async () => {
    const orderNo = await orderOf(state(2));
    const [refundReply, invoiceReply] = await Promise.all([refund(zhangToken, orderNo), invoice(zhangToken, orderNo)]);
    assert.equal([refundReply.status, invoiceReply.status].filter((status) => status === 200).length, 1);
    const after = await stateOf(orderNo);
    assert.ok(
      (after.refund_status === 1 && after.is_receipt === 0) || (after.refund_status === 0 && after.is_receipt === 1),
      JSON.stringify(after),
    );
  });
});

/** A payment gateway for these tests: records every refund asked of it; can refuse or be unreachable. */
function fakeGateway(behaviour: { next: 'refund' | 'refuse' | 'unreachable' }) {
  const refunds: RefundInput[] = [];
  const refunded = new Map<string, string>();
  const provider: PaymentProvider = {
    name: 'test-gateway',
    createPayment: () => Promise.reject(new Error('not used')),
    verifyNotification: () => null,
    query: () => Promise.reject(new Error('not used')),
    close: () => Promise.resolve(),
    async refund(input): Promise<RefundResult> {
      refunds.push(input);
      if (behaviour.next === 'unreachable') throw new Error('connect ETIMEDOUT');
      if (behaviour.next === 'refuse') return { state: 'failed', reason: '原支付交易已超过可退款期限' };
      // Like a real gateway: the same refund number refunds once.
      const existing = refunded.get(input.merchantRefundNo);
      if (existing) return { state: 'refunded', providerRefundNo: existing };
      const number = `GW${refunded.size + 1}`;
      refunded.set(input.merchantRefundNo, number);
      return { state: 'refunded', providerRefundNo: number };
    },
  };
  return { provider, refunds, refunded };
}

const admin = (argv: string[], provider: PaymentProvider | null = null) => runAdminOn(server, argv, provider);

async function liveEnrolmentsOf(orderNo: string): Promise<number> {
  const [order] = await server.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
  return (
    await server.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.orderId, order!.id), isNull(enrolments.withdrawnAt)))
  ).length;
}

describe('admin: refund approve|reject|done, invoice issue|fail', () => {
  test('arguments', () => {
    assert.deepEqual(parseAdminArgs(['refund', 'approve', '2024080058']), {
      kind: 'refund',
      action: 'approve',
      orderNo: '2024080058',
      reason: '退款申请未通过审核',
    });
    assert.deepEqual(parseAdminArgs(['refund', 'reject', '12', '材料', '不全']), {
      kind: 'refund',
      action: 'reject',
      orderNo: '12',
      reason: '材料 不全',
    });
    assert.deepEqual(parseAdminArgs(['invoice', 'fail', '12']), {
      kind: 'invoice',
      action: 'fail',
      orderNo: '12',
      reason: '开票失败',
    });
    assert.ok('error' in parseAdminArgs(['refund', 'approve', 'A12']));
    assert.ok('error' in parseAdminArgs(['refund', 'approve', '12', 'extra']));
    assert.ok('error' in parseAdminArgs(['refund', 'cancel', '12']));
    assert.ok('error' in parseAdminArgs(['invoice', 'issue']));
  });

  test('an approved refund goes back through the provider; the order is refunded and its courses withdrawn, in one go', async () => {
    const gateway = fakeGateway({ next: 'refund' });
    const orderNo = await orderOf(state(2), { courseCount: 2 });
    assert.equal(await liveEnrolmentsOf(orderNo), 2);
    dataOf(await refund(zhangToken, orderNo));
    const result = await admin(['refund', 'approve', orderNo], gateway.provider);
    assert.equal(result.ok, true, result.message);
    assert.match(result.message, /已退款.*撤销课程 2 门/);
    assert.deepEqual(await stateOf(orderNo), state(5, 3));
    assert.equal(await liveEnrolmentsOf(orderNo), 0);
    assert.equal(gateway.refunds.length, 1);
    assert.equal(gateway.refunds[0]?.merchantOrderNo, orderNo);
    assert.equal(gateway.refunds[0]?.amountFen, 6000);
    const row = (await listOf(zhangToken)).find((r) => r.order_id === orderNo)!;
    assert.deepEqual([row.pay_status, row.refund_status, row.is_receipt], [5, 3, 0]);
    // Approving again does nothing and says why.
    const again = await admin(['refund', 'approve', orderNo], gateway.provider);
    assert.equal(again.ok, false);
    assert.equal(gateway.refunds.length, 1);
  });

  test('a provider refusal ends in refund failed; the learner may ask again', async () => {
    const gateway = fakeGateway({ next: 'refuse' });
    const orderNo = await orderOf(state(2), { courseCount: 1 });
    dataOf(await refund(zhangToken, orderNo));
    const result = await admin(['refund', 'approve', orderNo], gateway.provider);
    assert.equal(result.ok, false);
    assert.match(result.message, /原支付交易已超过可退款期限/);
    assert.deepEqual(await stateOf(orderNo), state(2, 4));
    assert.equal(await liveEnrolmentsOf(orderNo), 1);
    dataOf(await refund(zhangToken, orderNo));
    assert.deepEqual(await stateOf(orderNo), state(2, 1));
  });

  test('an unreachable provider leaves the refund refunding; done asks again with the same number and refunds once', async () => {
    const gateway = fakeGateway({ next: 'unreachable' });
    const orderNo = await orderOf(state(2), { courseCount: 1 });
    dataOf(await refund(zhangToken, orderNo));
    const result = await admin(['refund', 'approve', orderNo], gateway.provider);
    assert.equal(result.ok, false);
    assert.match(result.message, /refund done/);
    assert.deepEqual(await stateOf(orderNo), state(2, 2));
    assert.equal(await liveEnrolmentsOf(orderNo), 1);
    const retried = fakeGateway({ next: 'refund' });
    assert.equal((await admin(['refund', 'done', orderNo], retried.provider)).ok, true);
    assert.equal((await admin(['refund', 'done', orderNo], retried.provider)).ok, false);
    assert.equal(retried.refunds.length, 1);
    assert.equal(retried.refunds[0]?.merchantRefundNo, gateway.refunds[0]?.merchantRefundNo);
    assert.deepEqual(await stateOf(orderNo), state(5, 3));
    assert.equal(await liveEnrolmentsOf(orderNo), 0);
  });

  test('reject; and without a provider a refund is refused before anything changes', async () => {
    const orderNo = await orderOf(state(2));
    dataOf(await refund(zhangToken, orderNo));
    const before = await databaseFingerprint(server.db);
    const noProvider = await admin(['refund', 'approve', orderNo], null);
    assert.equal(noProvider.ok, false);
    assert.deepEqual(await databaseFingerprint(server.db), before);
    assert.deepEqual(await stateOf(orderNo), state(2, 1));
    assert.equal((await admin(['refund', 'reject', orderNo, '材料不全'])).ok, true);
    assert.deepEqual(await stateOf(orderNo), state(2, 4));
    assert.equal((await admin(['refund', 'reject', orderNo])).ok, false);
    assert.equal(
      (await admin(['refund', 'approve', '99999999'], fakeGateway({ next: 'refund' }).provider)).message,
      '没有订单号为 99999999 的订单',
    );
  });

  test('invoice: issue sends it to the provider (under review → issued); fail lets the learner ask again', async () => {
    const orderNo = await orderOf(state(2));
    dataOf(await invoice(zhangToken, orderNo));
    assert.equal((await admin(['invoice', 'issue', orderNo])).ok, true);
    assert.deepEqual(await stateOf(orderNo), state(2, 0, 3));
    assert.equal((await admin(['invoice', 'issue', orderNo])).ok, false);
    assert.equal((await admin(['invoice', 'fail', orderNo])).ok, false);

    const failing = await orderOf(state(2));
    dataOf(await invoice(zhangToken, failing));
    assert.equal((await admin(['invoice', 'fail', failing, '税号有误'])).ok, true);
    assert.deepEqual(await stateOf(failing), state(2, 0, 4));
    dataOf(await invoice(zhangToken, failing, ENTERPRISE_INVOICE));
    assert.deepEqual(await stateOf(failing), state(2, 0, 1));
  });
});

describe('item 6: each row carries the actions the server will accept (one rule, orderActionsOf)', () => {
  const actionsOf = async (orderNo: string) =>
    (await listOf(zhangToken)).find((row) => row.order_id === orderNo)?.actions;

  test('a paid order within the month, not yet studied, offers a refund and the refund is accepted', async () => {
    const orderNo = await orderOf(state(2), { courseCount: 2 });
    assert.deepEqual(await actionsOf(orderNo), ['request_refund', 'request_invoice']);
    dataOf(await refund(zhangToken, orderNo));
  });

  test('more than a month after payment: no 申请退款 in the row, and the server refuses it', async () => {
    const orderNo = await orderOf(state(2), { paidAt: new Date(server.clock.nowMs() - 40 * DAY_MS) });
    assert.deepEqual(await actionsOf(orderNo), ['request_invoice']);
    const again = await orderOf(state(2, 4), { paidAt: new Date(server.clock.nowMs() - 40 * DAY_MS) });
    assert.deepEqual(await actionsOf(again), ['request_invoice']);
    await assertRefusedUnchanged(() => refund(zhangToken, orderNo), 400, MESSAGES.refundWindowPassed);
  });

  test('once learning has begun: no 申请退款 in the row, and the server refuses it', async () => {
    const orderNo = await orderOf(state(2), { courseCount: 1 });
    assert.deepEqual(await actionsOf(orderNo), ['request_refund', 'request_invoice']);
    const [order] = await server.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    const [line] = await server.db.select().from(enrolments).where(eq(enrolments.orderId, order!.id));
    await server.db.insert(courseProgress).values({
      learnerId: zhangId,
      courseId: line!.courseId,
      verifiedSeconds: 30,
      progress: 1,
      updatedAt: server.clock.now(),
    });
    assert.deepEqual(await actionsOf(orderNo), ['request_invoice']);
    await assertRefusedUnchanged(() => refund(zhangToken, orderNo), 400, MESSAGES.learningBegunNoRefund);
  });

  test('王芳’s studied current-year order offers an invoice and no refund', async () => {
    const current = (await listOf(wangToken)).filter((row) => !pastYears.includes(row.year));
    assert.equal(current.length, 1);
    assert.deepEqual(current[0]!.actions, ['request_invoice']);
  });

  test('every other row offers exactly what the state machine allows', async () => {
    for (const row of (await listOf(wangToken)).filter((r) => pastYears.includes(r.year))) {
      assert.deepEqual(row.actions, learnerActionsOf(row), `${row.order_id}`);
    }
  });
});

describe('refunds once learning has begun (spec 01 §4)', () => {
  test('an order whose courses have verified progress cannot be refunded; nothing is written', async () => {
    // 王芳's current-year order is the study demo's, with lessons in progress and finished.
    const [current] = await server.db
      .select({ year: academicYears.year })
      .from(academicYears)
      .orderBy(asc(academicYears.sortOrder))
      .limit(1);
    const [wang] = await server.db
      .select({ id: learners.id })
      .from(learners)
      .where(eq(learners.idNumber, WANG.idNumber));
    const [studied] = await server.db
      .select()
      .from(orders)
      .where(and(eq(orders.learnerId, wang!.id), eq(orders.year, current!.year), eq(orders.payStatus, 2)));
    assert.ok(studied, 'the study demo seeds a paid current-year order for 王芳');
    await assertRefusedUnchanged(
      () => authed(server, wangToken, 'POST', '/v1/refund', { order_id: studied.orderNo, reason: '不想学了' }),
      400,
      MESSAGES.learningBegunNoRefund,
    );
  });
});
