import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { InvoiceQueueRow } from '@yaoshi/contracts/finance-admin';
import type { OrderRow } from '@yaoshi/contracts/orders';
import { auditRecords } from '../../audit/audit-schema';
import { learners } from '../../accounts/accounts-schema';
import { courses } from '../../catalogue/catalogue-schema';
import { insertOrderInState } from '../../seed/order-seed';
import { enrolments, orders as orderTable } from '../../orders/orders-schema';
import { invoiceRequests } from '../invoices-schema';
import type { PaymentProvider, RefundInput } from '../../payment/payment-provider';
import { MESSAGES } from '../../messages';
import { WANG, assertRefused, authed, dataOf, loginToken } from '../../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../../test-support/staff-session';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { InvoiceProviderUnavailable } from '../invoice-provider';
import { createNuonuoProvider } from './nuonuo-provider';
import { MAIL_SEND_JOB } from '../../mail/mail-queue';
import { startSmtpReceiver, type SmtpReceiver } from '../../test-support/smtp-receiver';
import { INVOICE_POLL_JOB } from '../invoice-issuing';
import { startNuonuoSimulator, type NuonuoCredentials, type NuonuoSimulator } from './nuonuo-simulator';

/**
 * Issue 37 with INVOICE_PROVIDER=nuonuo against the 诺诺 protocol simulator: the real config
 * path (credential files), real HTTP, the real job queue. Approve → 开票中 → issued → the
 * learner downloads the provider's PDF; 50 concurrent approvals issue one invoice; an outage
 * and a refusal leave the request retryable and nothing is issued twice; a staff refund
 * red-letters the invoice first.
 */

const CREDENTIALS: NuonuoCredentials = {
  appKey: 'SD63236305',
  appSecret: 'SDDED2523BED4643',
  accessToken: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
  taxNumber: '339902999999789113',
};

let simulator: NuonuoSimulator;
let smtp: SmtpReceiver;
let server: TestServer;
let finance: TestStaff;
let wangToken: string;
let dir: string;
const refunds: RefundInput[] = [];

const gateway: PaymentProvider = {
  name: 'test-gateway',
  createPayment: () => Promise.reject(new Error('not used')),
  verifyNotification: () => null,
  query: () => Promise.reject(new Error('not used')),
  close: () => Promise.resolve(),
  refund(input) {
    refunds.push(input);
    return Promise.resolve({ state: 'refunded', providerRefundNo: `GW${refunds.length}` });
  },
};

function credentialFile(name: string, value: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `${value}\n`);
  return file;
}

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nuonuo-'));
  simulator = await startNuonuoSimulator(CREDENTIALS);
  smtp = await startSmtpReceiver();
  server = await startTestServer({
    paymentProvider: gateway,
    invoicePollSeconds: 0.05,
    config: {
      mediaDir: path.join(dir, 'media'),
      smtpUrl: smtp.url,
      mailFrom: 'noreply@example.org',
      invoiceProvider: 'nuonuo',
      nuonuo: {
        appKeyFile: credentialFile('app-key', CREDENTIALS.appKey),
        appSecretFile: credentialFile('app-secret', CREDENTIALS.appSecret),
        accessTokenFile: credentialFile('access-token', CREDENTIALS.accessToken),
        taxNumberFile: credentialFile('tax-number', CREDENTIALS.taxNumber),
        baseUrl: simulator.baseUrl,
        sellerPhone: '0571-88888888',
        sellerAddress: '杭州市西湖区文三路 1 号',
        clerk: '李会计',
      },
    },
  });
  finance = await signedInStaff(server, ['财务']);
  wangToken = await loginToken(server, WANG.phone, WANG.password);
});
after(async () => {
  await server.close();
  await simulator.close();
  await smtp.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let orderCount = 0;
/** A paid order of 王芳 with an invoice request under review (an enterprise title). */
async function orderAwaitingInvoice(): Promise<string> {
  orderCount += 1;
  const [learner] = await server.db.select().from(learners).where(eq(learners.name, WANG.name)).limit(1);
  // A course 王芳 is not enrolled in, another for each order.
  const enrolled = new Set(
    (await server.db.select().from(enrolments).where(eq(enrolments.learnerId, learner!.id))).map((e) => e.courseId),
  );
  const course = (await server.db.select().from(courses).orderBy(asc(courses.id))).filter(
    (c) => !enrolled.has(c.id),
  )[0];
  const orderNo = `9370${String(orderCount).padStart(10, '0')}`;
  await insertOrderInState(server.db, {
    orderNo,
    learnerId: learner!.id,
    year: course!.year,
    state: { pay_status: 2, refund_status: 0, is_receipt: 1 },
    courseIds: [course!.id],
    createdAt: server.clock.now(),
    sandbox: true,
  });
  return orderNo;
}

async function queueRow(orderNo: string): Promise<InvoiceQueueRow> {
  const { list } = dataOf(await authed(server, finance.token, 'GET', '/v1/admin/invoices', { page: 1, size: 100 })) as {
    list: InvoiceQueueRow[];
  };
  const row = list.find((candidate) => candidate.order_no === orderNo);
  assert.ok(row, `no queue row of ${orderNo}`);
  return row;
}

async function until(orderNo: string, done: (row: InvoiceQueueRow) => boolean): Promise<InvoiceQueueRow> {
  for (let i = 0; i < 200; i += 1) {
    const row = await queueRow(orderNo);
    if (done(row)) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${orderNo} never reached the awaited state: ${JSON.stringify(await queueRow(orderNo))}`);
}

const approve = (orderNo: string) =>
  authed(server, finance.token, 'POST', '/v1/admin/invoices/issue', { order_no: orderNo });
const retry = (orderNo: string) =>
  authed(server, finance.token, 'POST', '/v1/admin/invoices/retry', { order_no: orderNo });

async function actionsOf(orderNo: string): Promise<string[]> {
  const rows = await server.db
    .select({ action: auditRecords.action })
    .from(auditRecords)
    .where(eq(auditRecords.target, orderNo))
    .orderBy(asc(auditRecords.id));
  return rows.map((row) => row.action);
}

/** The request's serial number: 诺诺's order number. */
async function serialOf(orderNo: string): Promise<string> {
  const [row] = await server.db
    .select({ serialNo: invoiceRequests.serialNo })
    .from(invoiceRequests)
    .innerJoin(orderTable, eq(orderTable.id, invoiceRequests.orderId))
    .where(eq(orderTable.orderNo, orderNo));
  assert.ok(row?.serialNo);
  return row.serialNo;
}

/** The invoices 诺诺 finally issued under a serial number. */
const issuedFor = (serialNo: string) => simulator.issued.filter((order) => order.orderNo === serialNo);

let issuedOrder = '';

test('approve → 开票中 → issued by 诺诺 → 已开具 with the provider PDF in 我的订单', async () => {
  const orderNo = await orderAwaitingInvoice();
  const answer = dataOf(await approve(orderNo)) as {
    status: string;
    invoice_no: string | null;
    provider_error: string | null;
  };
  assert.deepEqual(answer, { status: 'issuing', invoice_no: null, issued_at: null, provider_error: null });
  const row = await until(orderNo, (r) => r.status === 'issued');
  assert.match(row.invoice_no ?? '', /^\d{8}$/);
  assert.equal(row.invoice_code, '044031900111');
  assert.equal(simulator.badRequests, 0);
  // What 诺诺 received: our serial number as its order number, the configured line, our 税号.
  const [sent, ...more] = issuedFor(await serialOf(orderNo));
  assert.ok(sent);
  assert.equal(more.length, 0);
  assert.match(sent.orderNo, /^YSFP\d{12}$/);
  assert.equal(sent.salerTaxNum, CREDENTIALS.taxNumber);
  assert.equal(sent.invoiceDetail[0]?.goodsName, '培训费');
  assert.equal(sent.invoiceDetail[0]?.taxRate, '0.06');
  assert.equal(sent.invoiceDetail[0]?.goodsCode, '3070201020000000000');
  assert.equal(sent.pushMode, '-1');

  const orders = dataOf(await authed(server, wangToken, 'GET', '/v1/orders')) as OrderRow[];
  assert.equal(orders.find((order) => order.order_id === orderNo)?.is_receipt, 3);
  const download = dataOf(await authed(server, wangToken, 'GET', '/v1/invoice_pdf', { order_id: orderNo })) as {
    file_name: string;
    pdf_base64: string;
  };
  assert.equal(download.file_name, `发票-${row.invoice_no}.pdf`);
  const pdf = Buffer.from(download.pdf_base64, 'base64').toString('latin1');
  assert.ok(pdf.startsWith('%PDF-') && pdf.includes(row.invoice_no!), pdf);
  assert.deepEqual(await actionsOf(orderNo), ['invoice.issue', 'invoice.submitted', 'invoice.issued']);

  // Mailed: the issue queued the invoice's mail in its transaction and enqueued the mail-send
  // job, which sends it at once (no minute waited, nothing called here) with 诺诺's PDF (our
  // stored copy) attached. The poll job that learnt of the invoice enqueued it.
  await server.jobsIdle([INVOICE_POLL_JOB, MAIL_SEND_JOB]);
  const mailed = smtp.received.find((mail) =>
    mail.attachments.some((file) => file.filename?.includes(row.invoice_no!)),
  );
  assert.ok(
    mailed,
    `no mail carries invoice ${row.invoice_no}: ${smtp.received.map((mail) => mail.subject).join(', ')}`,
  );
  assert.match(mailed.subject ?? '', /发票/);
  assert.ok(!(mailed.text ?? '').includes(WANG.idNumber), 'a mail never carries the ID number');
  const attached = mailed.attachments[0]!.content.toString('latin1');
  assert.ok(attached.startsWith('%PDF-') && attached.includes(row.invoice_no!));
  issuedOrder = orderNo;
});

test('50 concurrent approvals of one request: one approval, one submission, one invoice', async () => {
  const orderNo = await orderAwaitingInvoice();
  const before = simulator.submissions;
  const replies = await Promise.all(Array.from({ length: 50 }, () => approve(orderNo)));
  const ok = replies.filter((reply) => reply.status === 200);
  assert.equal(ok.length, 1, JSON.stringify(replies.map((reply) => reply.status)));
  for (const reply of replies.filter((r) => r.status !== 200)) assertRefused(reply, 409, MESSAGES.invoiceNotWaiting);
  const row = await until(orderNo, (r) => r.status === 'issued');
  assert.equal(simulator.submissions - before, 1);
  assert.ok(row.invoice_no);
  assert.equal(issuedFor(await serialOf(orderNo)).length, 1);
  assert.equal((await actionsOf(orderNo)).filter((action) => action === 'invoice.issued').length, 1);
});

test('an outage leaves the request retryable; concurrent retries send once; nothing is issued twice', async () => {
  const orderNo = await orderAwaitingInvoice();
  simulator.outage = true;
  const failed = dataOf(await approve(orderNo)) as { status: string; provider_error: string | null };
  assert.equal(failed.status, 'issuing');
  assert.match(failed.provider_error ?? '', /诺诺开放平台/);
  const shown = await queueRow(orderNo);
  assert.equal(shown.retryable, true);
  assert.match(shown.provider_error ?? '', /HTTP 503/);
  simulator.outage = false;

  const replies = await Promise.all([retry(orderNo), retry(orderNo), retry(orderNo)]);
  assert.equal(replies.filter((reply) => reply.status === 200).length, 1);
  const row = await until(orderNo, (r) => r.status === 'issued');
  assert.equal(issuedFor(await serialOf(orderNo)).length, 1);
  assertRefused(await retry(orderNo), 409, MESSAGES.invoiceNotRetryable);
  const actions = await actionsOf(orderNo);
  assert.ok(actions.includes('invoice.provider-failed') && actions.includes('invoice.retry'), actions.join());
  assert.equal(actions.filter((action) => action === 'invoice.issued').length, 1);
  assert.ok(row.invoice_no);
});

test('a refusal by 诺诺 is shown to 财务 in its words; the retry resubmits the same serial number once', async () => {
  const orderNo = await orderAwaitingInvoice();
  simulator.failNext('购方税号校验不通过');
  await approve(orderNo);
  const failed = await until(orderNo, (r) => r.provider_error !== null && r.provider_error !== undefined);
  assert.equal(failed.provider_error, '开票平台：购方税号校验不通过');
  assert.equal(failed.retryable, true);
  await retry(orderNo);
  const row = await until(orderNo, (r) => r.status === 'issued');
  assert.ok(row.invoice_no);
  assert.equal(issuedFor(await serialOf(orderNo)).length, 1);
});

test('a staff refund after an issued invoice red-letters it through 诺诺 first, then refunds; both audited', async () => {
  assert.ok(issuedOrder);
  simulator.pendingQueries = 0;
  const refund = (reason: string) =>
    authed(server, finance.token, 'POST', '/v1/admin/invoices/refund', { order_no: issuedOrder, reason });
  const first = dataOf(await refund('重复支付，法院裁定退款')) as { red_status: string; red_error: string | null };
  assert.equal(first.red_status, 'red_lettering');
  assert.match(first.red_error ?? '', /红字发票开具中/);
  assert.equal(refunds.length, 0, 'no refund before the red-letter invoice');
  const done = dataOf(await refund('重复支付，法院裁定退款')) as {
    red_status: string;
    red_invoice_no: string | null;
    refund_status: string;
  };
  assert.equal(done.red_status, 'red_lettered');
  assert.match(done.red_invoice_no ?? '', /^\d{8}$/);
  assert.equal(done.refund_status, '已退款');
  assert.equal(refunds.length, 1);
  const blue = await queueRow(issuedOrder);
  const red = simulator.issued.find((order) => order.invoiceType === '2');
  assert.equal(red?.invoiceNum, blue.invoice_no);
  assert.equal(red?.invoiceDetail[0]?.taxIncludedAmount.startsWith('-'), true);
  assert.equal(blue.red_status, 'red_lettered');
  const actions = await actionsOf(issuedOrder);
  for (const action of ['invoice.red-letter', 'invoice.red-lettered', 'refund.approve', 'refund.outcome'])
    assert.ok(actions.includes(action), actions.join());
  assert.ok(actions.indexOf('invoice.red-lettered') < actions.indexOf('refund.approve'));
  assertRefused(await refund('再次退款'), 409, MESSAGES.invoiceRedLetterRefused);
  const orders = dataOf(await authed(server, wangToken, 'GET', '/v1/orders')) as OrderRow[];
  assert.equal(orders.find((order) => order.order_id === issuedOrder)?.pay_status, 5);
});

test('the adapter signs as 诺诺 documents it: a wrong appSecret is refused by the simulator', async () => {
  const provider = createNuonuoProvider({
    ...CREDENTIALS,
    appSecret: 'not-the-secret',
    baseUrl: simulator.baseUrl,
    sellerPhone: '0571-88888888',
    sellerAddress: '杭州',
    clerk: '李会计',
  });
  const refusedBefore = simulator.badRequests;
  await assert.rejects(
    provider.query(
      {
        serialNo: 'YSFP000000000999',
        buyerName: '王芳',
        buyerTaxNumber: null,
        buyerPhone: '13800000000',
        email: 'a@example.org',
        amountFen: 100,
        line: { name: '培训费', taxRate: '0.06', taxCode: '3070201020000000000' },
        remark: '',
        requestedAt: new Date(),
      },
      '1',
    ),
    (error: unknown) => error instanceof InvoiceProviderUnavailable && /签名验证失败/.test(error.message),
  );
  assert.equal(simulator.badRequests, refusedBefore + 1);
});

test('an invoice no provider issued (before the provider was connected) is refused for the red-letter, with nothing written', async () => {
  const orderNo = await orderAwaitingInvoice();
  const [order] = await server.db.select().from(orderTable).where(eq(orderTable.orderNo, orderNo));
  // What a record of the self-drawn days looks like: issued, with neither serial number nor provider.
  await server.db
    .update(invoiceRequests)
    .set({
      status: 'issued',
      issuedAt: server.clock.now(),
      invoiceNo: 'FP20260101000001',
      serialNo: null,
      provider: null,
    })
    .where(eq(invoiceRequests.orderId, order!.id));
  await server.db.update(orderTable).set({ receiptStatus: 3 }).where(eq(orderTable.id, order!.id));
  const before = await server.db.select().from(invoiceRequests).where(eq(invoiceRequests.orderId, order!.id));
  assertRefused(
    await authed(server, finance.token, 'POST', '/v1/admin/invoices/refund', { order_no: orderNo, reason: '重复支付' }),
    409,
    MESSAGES.invoiceNotAtProvider,
  );
  const after = await server.db.select().from(invoiceRequests).where(eq(invoiceRequests.orderId, order!.id));
  assert.deepEqual(after, before);
  assert.deepEqual(await actionsOf(orderNo), []);
});
