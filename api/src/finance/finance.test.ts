import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { InvoiceQueueRow, RefundQueueRow } from '@yaoshi/contracts/finance-admin';
import type { OrderRow } from '@yaoshi/contracts/orders';
import { auditRecords } from '../audit/audit-schema';
import { learners } from '../accounts/accounts-schema';
import { courses } from '../catalogue/catalogue-schema';
import { parseBeijingTime } from '@yaoshi/contracts/beijing-time';
import { enrolments } from '../orders/orders-schema';
import { paymentAttempts, paymentNotifications } from '../payment/payment-schema';
import { insertOrderInState } from '../seed/order-seed';
import type { OrderState } from '@yaoshi/contracts/order-states';
import { MESSAGES } from '../messages';
import type { PaymentProvider, RefundInput } from '../payment/payment-provider';
import { WANG, ZHANG, assertRefused, authed, dataOf, loginToken } from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
// 财务 holds no learners.reveal: ID numbers come masked.
import { maskPersonalIdNumber } from '@yaoshi/contracts/personal-data-rules';
import { startTestServer, type TestServer } from '../test-support/test-server';

let server: TestServer;
let finance: TestStaff;
let wangToken: string;
const refunds: RefundInput[] = [];

/** A gateway that records each refund asked of it and answers slowly, so racing approvals overlap. */
const gateway: PaymentProvider = {
  name: 'test-gateway',
  createPayment: () => Promise.reject(new Error('not used')),
  verifyNotification: () => null,
  query: () => Promise.reject(new Error('not used')),
  close: () => Promise.resolve(),
  async refund(input) {
    refunds.push(input);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { state: 'refunded', providerRefundNo: `GW${refunds.length}` };
  },
};

before(async () => {
  server = await startTestServer({ paymentProvider: gateway });
  finance = await signedInStaff(server, ['财务']);
  wangToken = await loginToken(server, WANG.phone, WANG.password);
});
after(() => server.close());

async function queue(status?: string): Promise<RefundQueueRow[]> {
  return (
    dataOf(await authed(server, finance.token, 'GET', '/v1/admin/refunds', status ? { status } : {})) as {
      list: RefundQueueRow[];
    }
  ).list;
}

async function wangOrder(orderNo: string): Promise<OrderRow> {
  const rows = dataOf(await authed(server, wangToken, 'GET', '/v1/orders')) as OrderRow[];
  return rows.find((row) => row.order_id === orderNo)!;
}

test('the queue lists refund requests under review with the learner and the reason', async () => {
  const reviewing = await queue('reviewing');
  assert.ok(reviewing.length >= 1, JSON.stringify(reviewing));
  assert.ok(
    reviewing.every(
      (row) =>
        row.status === 'reviewing' && row.id_number === maskPersonalIdNumber(WANG.idNumber) && row.reason.length > 0,
    ),
  );
});

test('10 concurrent approvals send one refund; the order is refunded and its courses withdrawn; one audit record', async () => {
  const [target] = await queue('reviewing');
  const replies = await Promise.all(
    Array.from({ length: 10 }, () =>
      authed(server, finance.token, 'POST', '/v1/admin/refunds/approve', { order_no: target!.order_no }),
    ),
  );
  const ok = replies.filter((reply) => reply.status === 200);
  assert.equal(ok.length, 1, JSON.stringify(replies.map((reply) => reply.body)));
  assert.ok(replies.every((reply) => reply.status === 200 || reply.status === 409));
  assert.equal(refunds.length, 1);
  assert.equal(refunds[0]!.amountFen, Math.round(target!.amount * 100));
  const order = await wangOrder(target!.order_no);
  assert.deepEqual([order.pay_status, order.refund_status], [5, 3]);
  const records = await server.db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.action, 'refund.approve'), eq(auditRecords.target, target!.order_no)));
  assert.equal(records.length, 1);
  assert.equal(records[0]!.actor, finance.username);
});

test('reject with a reason: the refund is not sent, the learner may ask again; a decided request is refused', async () => {
  const rows = dataOf(await authed(server, wangToken, 'GET', '/v1/orders')) as OrderRow[];
  const refundable = rows.filter((row) => row.pay_status === 2 && row.refund_status === 0 && row.is_receipt === 0);
  let asked = false;
  for (const row of refundable) {
    const reply = await authed(server, wangToken, 'POST', '/v1/refund', { order_id: row.order_id, reason: '重复购买' });
    if (reply.status === 200) {
      asked = true;
      break;
    }
  }
  assert.ok(asked, 'a paid order of 王芳 that may still be refunded');
  const [target] = await queue('reviewing');
  assertRefused(
    await authed(server, finance.token, 'POST', '/v1/admin/refunds/reject', { order_no: target!.order_no, reason: '' }),
    400,
    '请填写驳回原因',
  );
  dataOf(
    await authed(server, finance.token, 'POST', '/v1/admin/refunds/reject', {
      order_no: target!.order_no,
      reason: '课程已开始学习，不符合退款条件',
    }),
  );
  assert.equal(refunds.length, 1);
  const rejected = await wangOrder(target!.order_no);
  assert.equal(rejected.refund_status, 4);
  assert.equal(rejected.refund_note, '课程已开始学习，不符合退款条件');
  const [row] = (await queue('rejected')).filter((entry) => entry.order_no === target!.order_no);
  assert.equal(row!.failure_reason, '课程已开始学习，不符合退款条件');
  assertRefused(
    await authed(server, finance.token, 'POST', '/v1/admin/refunds/approve', { order_no: target!.order_no }),
    409,
    /没有待审核的退款申请/,
  );
  assertRefused(
    await authed(server, finance.token, 'POST', '/v1/admin/refunds/approve', { order_no: '123' }),
    404,
    MESSAGES.orderNotFound,
  );
});

test('issue an invoice: number and date recorded, the learner downloads a PDF whose text is the invoice; reject another', async () => {
  const waiting = (
    dataOf(await authed(server, finance.token, 'GET', '/v1/admin/invoices', { status: 'reviewing' })) as {
      list: InvoiceQueueRow[];
    }
  ).list;
  const target = waiting[0]!;
  assertRefused(
    await authed(server, wangToken, 'GET', '/v1/invoice_pdf', { order_id: target.order_no }),
    404,
    MESSAGES.invoiceNotIssued,
  );
  const issued = dataOf(
    await authed(server, finance.token, 'POST', '/v1/admin/invoices/issue', { order_no: target.order_no }),
  ) as { invoice_no: string; issued_at: string };
  assert.match(issued.invoice_no, /^FP\d{8}\d{6}$/);
  assert.equal((await wangOrder(target.order_no)).is_receipt, 3);
  assertRefused(
    await authed(server, finance.token, 'POST', '/v1/admin/invoices/issue', { order_no: target.order_no }),
    409,
    MESSAGES.invoiceNotWaiting,
  );

  const download = dataOf(await authed(server, wangToken, 'GET', '/v1/invoice_pdf', { order_id: target.order_no })) as {
    file_name: string;
    pdf_base64: string;
  };
  assert.equal(download.file_name, `发票-${issued.invoice_no}.pdf`);
  const file = path.join(os.tmpdir(), `invoice-${process.pid}.pdf`);
  fs.writeFileSync(file, Buffer.from(download.pdf_base64, 'base64'));
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  fs.rmSync(file);
  assert.match(text, /电子普通发票/);
  assert.ok(text.includes(issued.invoice_no), text);
  assert.ok(text.includes(target.invoice_title), text);
  if (target.tax_number) assert.ok(text.includes(target.tax_number), text);
  assert.ok(text.includes(`¥${target.amount.toFixed(2)}`), text);
  assert.ok(text.includes(issued.issued_at.slice(0, 10)), text);

  const issuing = (
    dataOf(await authed(server, finance.token, 'GET', '/v1/admin/invoices', { status: 'issuing' })) as {
      list: InvoiceQueueRow[];
    }
  ).list[0]!;
  dataOf(
    await authed(server, finance.token, 'POST', '/v1/admin/invoices/reject', {
      order_no: issuing.order_no,
      reason: '抬头与单位名称不符',
    }),
  );
  assert.equal((await wangOrder(issuing.order_no)).is_receipt, 4);
});

test('orders search by learner, year, state and merchant number; an order page lists attempts and notifications', async () => {
  const byLearner = dataOf(
    await authed(server, finance.token, 'GET', '/v1/admin/orders', { learner: '王芳', size: 100 }),
  ) as { total: number; list: { order_no: string; year: number; pay_status: number }[] };
  assert.ok(byLearner.total >= 16);
  const year = byLearner.list[0]!.year;
  const byYear = dataOf(
    await authed(server, finance.token, 'GET', '/v1/admin/orders', { learner: '王芳', year, pay_status: 2, size: 100 }),
  ) as { list: { year: number; pay_status: number }[] };
  assert.ok(byYear.list.length > 0 && byYear.list.every((row) => row.year === year && row.pay_status === 2));
  const one = byLearner.list[0]!.order_no;
  const byNumber = dataOf(await authed(server, finance.token, 'GET', '/v1/admin/orders', { merchant_no: one })) as {
    list: { order_no: string }[];
  };
  assert.deepEqual(
    byNumber.list.map((row) => row.order_no),
    [one],
  );
  const detail = dataOf(await authed(server, finance.token, 'GET', '/v1/admin/orders/detail', { order_no: one })) as {
    order: { order_no: string };
    attempts: unknown[];
    notifications: unknown[];
  };
  assert.equal(detail.order.order_no, one);
  assert.ok(Array.isArray(detail.attempts) && Array.isArray(detail.notifications));
  assertRefused(
    await authed(server, finance.token, 'GET', '/v1/admin/orders/detail', { order_no: '1' }),
    404,
    MESSAGES.orderNotFound,
  );
});

test('the daily summary counts the refund of today and comes as an .xlsx with 按日 and 按年度', async () => {
  const today = new Date(server.clock.nowMs() + 8 * 3600_000).toISOString().slice(0, 10);
  const summary = dataOf(
    await authed(server, finance.token, 'GET', '/v1/admin/finance/summary', { from: today, to: today }),
  ) as {
    days: { day: string; refunds: number; refund_amount: number }[];
    file_name: string;
    xlsx_base64: string;
  };
  assert.equal(summary.days.length, 1);
  assert.equal(summary.days[0]!.day, today);
  assert.equal(summary.days[0]!.refunds, 1);
  const workbook = new ExcelJS.Workbook();
  const bytes = Buffer.from(summary.xlsx_base64, 'base64');
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  assert.deepEqual(
    workbook.worksheets.map((sheet) => sheet.name),
    ['按日', '按年度'],
  );
  const sheet = workbook.getWorksheet('按日')!;
  assert.equal(sheet.getCell('A1').value, '日期');
  assert.equal(sheet.getCell('A2').value, today);
  assert.equal(sheet.getCell('D2').value, 1);
  assertRefused(
    await authed(server, finance.token, 'GET', '/v1/admin/finance/summary', { from: '2025-01-01', to: '2026-12-31' }),
    400,
    MESSAGES.summaryRange(366),
  );
});

/**
 * Orders of 张晓明 on a day nobody else ordered (2019-03-05, Beijing), each paid five minutes
 * after it was made: the search, the order page and the summary are checked against them.
 */
const QUIET_DAY = '2019-03-05';

async function zhangId(): Promise<number> {
  const [row] = await server.db.select({ id: learners.id }).from(learners).where(eq(learners.idNumber, ZHANG.idNumber));
  return row!.id;
}

async function someYear(): Promise<number> {
  const [row] = await server.db.select({ year: courses.year }).from(courses).orderBy(asc(courses.year)).limit(1);
  return row!.year;
}

async function zhangOrder(
  orderNo: string,
  createdAt: string,
  state: OrderState,
  priceFen: number,
  courseIds: number[] = [],
  year?: number,
) {
  const id = await insertOrderInState(server.db, {
    orderNo,
    learnerId: await zhangId(),
    year: year ?? (await someYear()),
    state,
    courseIds,
    createdAt: parseBeijingTime(createdAt),
    ...(courseIds.length === 0 ? { priceFen } : {}),
  });
  assert.ok(id !== null, orderNo);
  return id;
}

type SearchReply = { total: number; list: { order_no: string; amount: number }[] };
const search = async (payload: Record<string, unknown>) =>
  dataOf(await authed(server, finance.token, 'GET', '/v1/admin/orders', { size: 100, ...payload })) as SearchReply;

test("orders search by creation day (Beijing, both ends included) and by a payment attempt's merchant number", async () => {
  const paid = { pay_status: 2, refund_status: 0, is_receipt: 0 } as OrderState;
  const orderId = await zhangOrder('9190305001', `${QUIET_DAY} 00:00:00`, paid, 12000);
  await zhangOrder('9190305002', `${QUIET_DAY} 23:59:59`, paid, 8050);
  await zhangOrder('9190304001', '2019-03-04 23:59:59', paid, 100);
  await zhangOrder('9190306001', '2019-03-06 00:00:00', paid, 100);

  const day = await search({ from: QUIET_DAY, to: QUIET_DAY });
  assert.deepEqual(
    day.list.map((row) => row.order_no),
    ['9190305002', '9190305001'],
  );
  assert.equal(day.total, 2);
  const fromOnly = await search({ from: '2019-03-06', learner: ZHANG.idNumber });
  assert.ok(fromOnly.list.some((row) => row.order_no === '9190306001'));
  assert.ok(!fromOnly.list.some((row) => /^91903(04|05)/.test(row.order_no)));
  const toOnly = await search({ to: '2019-03-04', learner: ZHANG.idNumber });
  assert.deepEqual(
    toOnly.list.map((row) => row.order_no),
    ['9190304001'],
  );

  // A second attempt's merchant number (order number + sequence) finds its order, and only it.
  const opened = parseBeijingTime(`${QUIET_DAY} 00:01:00`);
  await server.db.insert(paymentAttempts).values([
    {
      orderId,
      merchantNo: '919030500101',
      provider: 'sandbox',
      payType: 3,
      amountFen: 12000,
      status: 'failed',
      createdAt: opened,
      expiresAt: new Date(opened.getTime() + 30 * 60_000),
      finishedAt: new Date(opened.getTime() + 60_000),
    },
    {
      orderId,
      merchantNo: '919030500102',
      provider: 'sandbox',
      payType: 3,
      amountFen: 12000,
      status: 'paid',
      providerTradeNo: 'SANDBOX-T-1',
      createdAt: new Date(opened.getTime() + 2 * 60_000),
      expiresAt: new Date(opened.getTime() + 32 * 60_000),
      finishedAt: new Date(opened.getTime() + 4 * 60_000),
    },
  ]);
  await server.db.insert(paymentNotifications).values({
    provider: 'sandbox',
    merchantNo: '919030500102',
    providerTradeNo: 'SANDBOX-T-1',
    outcome: 'paid',
    amountFen: 12000,
    body: '{}',
    result: 'applied',
    receivedAt: new Date(opened.getTime() + 4 * 60_000),
  });
  const byAttempt = await search({ merchant_no: '919030500102' });
  assert.deepEqual(
    byAttempt.list.map((row) => row.order_no),
    ['9190305001'],
  );
  assert.equal((await search({ merchant_no: '919030599999' })).total, 0);
});

test("an order's page lists its payment attempts and the notifications received for them, in order", async () => {
  const detail = dataOf(
    await authed(server, finance.token, 'GET', '/v1/admin/orders/detail', { order_no: '9190305001' }),
  ) as {
    order: { order_no: string; amount: number };
    attempts: { merchant_no: string; status: string; amount: number; provider_trade_no: string | null }[];
    notifications: { merchant_no: string; outcome: string; amount: number; result: string }[];
  };
  assert.deepEqual(detail.order.order_no, '9190305001');
  assert.deepEqual(
    detail.attempts.map((attempt) => [attempt.merchant_no, attempt.status, attempt.amount, attempt.provider_trade_no]),
    [
      ['919030500101', 'failed', 120, null],
      ['919030500102', 'paid', 120, 'SANDBOX-T-1'],
    ],
  );
  assert.deepEqual(
    detail.notifications.map((note) => [note.merchant_no, note.outcome, note.amount, note.result]),
    [['919030500102', 'paid', 120, 'applied']],
  );
});

test('the daily summary counts the orders paid that day and their amount, per day and per year', async () => {
  const summary = dataOf(
    await authed(server, finance.token, 'GET', '/v1/admin/finance/summary', { from: QUIET_DAY, to: '2019-03-06' }),
  ) as {
    days: { day: string; paid_orders: number; paid_amount: number; refunds: number }[];
    years: { year: number; paid_orders: number; paid_amount: number }[];
  };
  // Paid five minutes after creation: each day's 23:59:59 order counts on the next day.
  assert.deepEqual(
    summary.days.map((row) => [row.day, row.paid_orders, row.paid_amount, row.refunds]),
    [
      [QUIET_DAY, 2, 121, 0],
      ['2019-03-06', 2, 81.5, 0],
    ],
  );
  assert.deepEqual(
    summary.years.map((row) => [row.year, row.paid_orders, row.paid_amount]),
    [[await someYear(), 4, 202.5]],
  );
});

test("approving a refund withdraws the order's enrolments (kept, marked withdrawn)", async () => {
  const year = await someYear();
  const yearCourses = await server.db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.year, year))
    .orderBy(asc(courses.id));
  const learnerId = await zhangId();
  const taken = new Set(
    (
      await server.db
        .select({ courseId: enrolments.courseId })
        .from(enrolments)
        .where(and(eq(enrolments.learnerId, learnerId), isNull(enrolments.withdrawnAt)))
    ).map((row) => row.courseId),
  );
  const chosen = yearCourses
    .filter((course) => !taken.has(course.id))
    .slice(0, 2)
    .map((course) => course.id);
  assert.equal(chosen.length, 2);
  const createdAt = new Date(server.clock.nowMs() - 2 * 86_400_000 + 8 * 3600_000)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');
  const orderId = await zhangOrder(
    '9190400001',
    createdAt,
    { pay_status: 2, refund_status: 1, is_receipt: 0 },
    0,
    chosen,
    year,
  );
  const live = () =>
    server.db
      .select({ courseId: enrolments.courseId, withdrawnAt: enrolments.withdrawnAt })
      .from(enrolments)
      .where(eq(enrolments.orderId, orderId))
      .orderBy(asc(enrolments.courseId));
  assert.deepEqual(
    (await live()).map((row) => [row.courseId, row.withdrawnAt]),
    chosen.map((id) => [id, null]),
  );
  const reply = dataOf(
    await authed(server, finance.token, 'POST', '/v1/admin/refunds/approve', { order_no: '9190400001' }),
  ) as { outcome: string; message: string };
  assert.equal(reply.outcome, 'refunded');
  assert.match(reply.message, /撤销课程 2 门/);
  const after = await live();
  assert.equal(after.length, 2);
  assert.ok(
    after.every((row) => row.withdrawnAt?.getTime() === server.clock.nowMs()),
    JSON.stringify(after),
  );
});
