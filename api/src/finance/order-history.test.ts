import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { desc, notLike } from 'drizzle-orm';
import type { AdminOrderDetail } from '@yaoshi/contracts/finance-admin';
import { PAY_STATUS, RECEIPT_STATUS, REFUND_STATUS, reachableOrderStates } from '@yaoshi/contracts/order-states';
import { auditRecords } from '../audit/audit-schema';
import { demoOrderNoOf } from '../seed/order-seed';
import { assertRefused, authed, dataOf } from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { startTestServer, type TestServer } from '../test-support/test-server';

// The demo data on the sandbox gateway (the default provider), as finance meets it in the console.
let server: TestServer;
let finance: TestStaff;

before(async () => {
  server = await startTestServer();
  finance = await signedInStaff(server, ['财务']);
});
after(() => server.close());

const call = (method: 'GET' | 'POST', route: string, payload: Record<string, unknown>) =>
  authed(server, finance.token, method, route, payload);
const detailOf = async (orderNo: string) =>
  dataOf(await call('GET', '/v1/admin/orders/detail', { order_no: orderNo })) as AdminOrderDetail;

/** 王芳's demo order in the first state matching `match` (order-seed.ts: previous year and make-up year by turns). */
function demoOrderIn(match: (state: ReturnType<typeof reachableOrderStates>[number]) => boolean): string {
  const states = reachableOrderStates();
  const index = states.findIndex(match);
  assert.ok(index >= 0);
  // The test clock's demo years: 2025 current, 2024 previous, 2023 make-up.
  return demoOrderNoOf([2024, 2023][index % 2]!, index + 1);
}

/** The newest audit record but the mails queued with it (a refund's result is mailed to the learner). */
async function lastAudit() {
  const [row] = await server.db
    .select()
    .from(auditRecords)
    // The mail a change queues is sent by the mail-send job, at once (mail.attempt, mail.sent): the job's records, not the change's.
    .where(notLike(auditRecords.action, 'mail.%'))
    .orderBy(desc(auditRecords.id))
    .limit(1);
  return row!;
}

describe('finance sees the whole order', () => {
  test('a paid demo order shows its attempt and the notification that settled it', async () => {
    const orderNo = demoOrderIn((s) => s.pay_status === PAY_STATUS.paid && s.refund_status === REFUND_STATUS.none);
    const detail = await detailOf(orderNo);
    assert.equal(detail.attempts.length, 1);
    const [attempt] = detail.attempts;
    assert.equal(attempt!.status, 'paid');
    assert.equal(attempt!.provider, 'sandbox');
    assert.ok(attempt!.provider_trade_no);
    assert.equal(attempt!.amount, detail.order.amount);
    assert.deepEqual(
      detail.notifications.map((note) => [note.merchant_no, note.outcome, note.amount, note.result]),
      [[attempt!.merchant_no, 'paid', detail.order.amount, 'applied']],
    );
  });

  test('a refunded order shows its refund with the outcome and both refund numbers', async () => {
    const orderNo = demoOrderIn((s) => s.refund_status === REFUND_STATUS.refunded);
    const { refunds } = await detailOf(orderNo);
    assert.equal(refunds.length, 1);
    assert.equal(refunds[0]!.status_text, '已退款');
    assert.match(refunds[0]!.merchant_refund_no ?? '', new RegExp(`^${orderNo}R\\d+$`));
    assert.ok(refunds[0]!.provider_refund_no);
    assert.ok(refunds[0]!.completed_at);
  });

  test('an order with an issued invoice shows it with its number and the PDF finance can open', async () => {
    const orderNo = demoOrderIn((s) => s.is_receipt === RECEIPT_STATUS.issued);
    const { invoices } = await detailOf(orderNo);
    assert.equal(invoices.length, 1);
    assert.equal(invoices[0]!.status_text, '已开具');
    assert.ok(invoices[0]!.invoice_no);
    assert.equal(invoices[0]!.has_pdf, true);
    const pdf = dataOf(await call('GET', '/v1/admin/invoices/pdf', { order_no: orderNo })) as {
      file_name: string;
      pdf_base64: string;
    };
    assert.equal(pdf.file_name, `发票-${invoices[0]!.invoice_no}.pdf`);
    assert.equal(Buffer.from(pdf.pdf_base64, 'base64').subarray(0, 5).toString(), '%PDF-');
    // An order without an issued invoice has no PDF to open.
    const none = demoOrderIn((s) => s.pay_status === PAY_STATUS.paid && s.is_receipt === RECEIPT_STATUS.none);
    assertRefused(await call('GET', '/v1/admin/invoices/pdf', { order_no: none }), 404, '该订单的发票尚未开具');
  });

  test('the demo refund under review is approved against the sandbox and ends 已退款', async () => {
    const orderNo = demoOrderIn((s) => s.refund_status === REFUND_STATUS.reviewing);
    const answer = dataOf(await call('POST', '/v1/admin/refunds/approve', { order_no: orderNo })) as {
      outcome: string;
      message: string;
    };
    assert.equal(answer.outcome, 'refunded', answer.message);
    const { order, refunds } = await detailOf(orderNo);
    assert.equal(order.refund_status, REFUND_STATUS.refunded);
    assert.equal(refunds[0]!.status_text, '已退款');
    assert.match(refunds[0]!.provider_refund_no ?? '', /^R/);
  });

  test('a refund left 退款中 is asked again: the gateway’s answer is shown, recorded and audited', async () => {
    const orderNo = demoOrderIn((s) => s.refund_status === REFUND_STATUS.refunding);
    assert.equal((await detailOf(orderNo)).refunds[0]!.status_text, '退款中');
    const answer = dataOf(await call('POST', '/v1/admin/refunds/requery', { order_no: orderNo })) as {
      outcome: string;
      message: string;
    };
    assert.equal(answer.outcome, 'refunded', answer.message);
    assert.match(answer.message, /^已退款（渠道退款号 R/);
    const { refunds } = await detailOf(orderNo);
    assert.equal(refunds[0]!.status_text, '已退款');
    const audit = await lastAudit();
    assert.equal(audit.action, 'refund.complete');
    assert.equal(audit.target, orderNo);
    assert.equal(audit.actor, finance.username);
    assert.equal((audit.after as { request: string }).request, 'refunded');
    // Asked again once finished: refused, nothing changes.
    assertRefused(await call('POST', '/v1/admin/refunds/requery', { order_no: orderNo }), 409, /没有退款中的退款/);
  });
});
