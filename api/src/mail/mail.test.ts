import { storageFromConfig } from '../storage/storage-from-config';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { InvoiceQueueRow } from '@yaoshi/contracts/finance-admin';
import type { MailRow } from '@yaoshi/contracts/mail';
import { PAY_STATUS, RECEIPT_STATUS } from '@yaoshi/contracts/order-states';
import { courses } from '../catalogue/catalogue-schema';
import { insertOrderInState } from '../seed/order-seed';
import { learners } from '../accounts/accounts-schema';
import { auditRecords } from '../audit/audit-schema';
import { readAssociationProfile } from '../association-profile/association-profile';
import { invoiceMailAttachments } from '../invoices/invoice-mail-attachment';
import { WANG, assertRefused, authed, dataOf, loginToken } from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { startSmtpReceiver, type SmtpReceiver } from '../test-support/smtp-receiver';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { MAIL_MAX_ATTEMPTS, MAIL_RETRY_MINUTES, sendDueMails } from './mail-sending';
import { MAIL_SEND_JOB, queueMail } from './mail-queue';
import { jobActor } from '../audit/audit-log';
import { smtpMailTransport, type MailTransport } from './mail-transport';
import { mails } from './mail-schema';
import { INVOICE_MAIL_RESEND_LIMIT, MAIL_TEXT } from './mail-routes';

/**
 * Mail over real SMTP (issue 37): the API's server with SMTP_URL pointing at an `smtp-server`
 * on loopback; what arrives is parsed and read back. Issuing an invoice (and a learner's
 * resend) enqueues the server's own mail-send job, which the tests wait for
 * (`server.jobsIdle`); the retries after it are driven by calling the job's function
 * (`sendDueMails`) with the clock moved, so they are deterministic.
 */

const FROM = '"测试药师协会" <noreply@example.org>';
let smtp: SmtpReceiver;
let server: TestServer;
let finance: TestStaff;
let wangToken: string;
let transport: MailTransport;
let wangIdNumber: string;

before(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({ config: { smtpUrl: smtp.url, mailFrom: FROM } });
  finance = await signedInStaff(server, ['财务']);
  wangToken = await loginToken(server, WANG.phone, WANG.password);
  transport = smtpMailTransport(smtp.url, FROM);
  const [wang] = await server.db.select().from(learners).where(eq(learners.phone, WANG.phone));
  wangIdNumber = wang!.idNumber;
  // Paid orders of 王芳 to ask invoices for (the demo data has few without one).
  const [course] = await server.db.select({ year: courses.year }).from(courses).limit(1);
  for (let i = 1; i <= 4; i += 1) {
    const id = await insertOrderInState(server.db, {
      orderNo: `937000000${i}`,
      learnerId: wang!.id,
      year: course!.year,
      state: { pay_status: 2, refund_status: 0, is_receipt: 0 },
      courseIds: [],
      priceFen: 12000,
      createdAt: server.clock.now(),
    });
    assert.ok(id !== null);
  }
});
after(async () => {
  transport.close();
  await server.close();
  await smtp.close();
});

const sendDue = () =>
  sendDueMails({
    db: server.db,
    clock: server.clock,
    transport,
    attachmentsOf: invoiceMailAttachments(
      server.db,
      storageFromConfig(server.config, server.clock, () => ''),
    ),
  });

async function waitingInvoices(): Promise<InvoiceQueueRow[]> {
  return (
    dataOf(await authed(server, finance.token, 'GET', '/v1/admin/invoices', { status: 'reviewing' })) as {
      list: InvoiceQueueRow[];
    }
  ).list;
}

/** A new invoice request on one of 王芳's paid orders, as she fills the form in 我的订单; answers the order number. */
async function wangInvoiceRequest(): Promise<string> {
  const orders = dataOf(await authed(server, wangToken, 'GET', '/v1/orders', {})) as {
    order_id: string;
    pay_status: number;
    is_receipt: number;
    refund_status: number;
  }[];
  const order = orders.find(
    (row) => row.pay_status === PAY_STATUS.paid && row.is_receipt === RECEIPT_STATUS.none && row.refund_status === 0,
  );
  assert.ok(order, '王芳 has a paid order without an invoice');
  dataOf(
    await authed(server, wangToken, 'POST', '/v1/receipt', {
      order_id: order.order_id,
      type: 1,
      invoice_title: '王芳',
      phone: WANG.phone,
      email: 'wang.fang@example.com',
    }),
  );
  return order.order_id;
}

/** 财务 issues the invoice; answers its number once the mail-send job the issue enqueued has run. */
async function issue(orderNo: string): Promise<string> {
  const issued = dataOf(
    await authed(server, finance.token, 'POST', '/v1/admin/invoices/issue', { order_no: orderNo }),
  ) as { invoice_no: string };
  await server.jobsIdle([MAIL_SEND_JOB]);
  return issued.invoice_no;
}

async function mailsOf(orderNo: string): Promise<MailRow[]> {
  return (
    dataOf(await authed(server, finance.token, 'GET', '/v1/admin/invoices/mails', { order_no: orderNo })) as {
      list: MailRow[];
    }
  ).list;
}

test('an issued invoice is mailed at once to the email on the request: Chinese, the association signs, PDF attached, no ID number', async () => {
  const target = (await waitingInvoices()).find((row) => row.learner_name === '王芳') ?? (await waitingInvoices())[0]!;
  const before = smtp.received.length;
  const startedAt = server.clock.nowMs();
  // No sendDueMails and no minute passing: the issue itself hands the mail to the mail-send job.
  const invoiceNo = dataOf(
    await authed(server, finance.token, 'POST', '/v1/admin/invoices/issue', { order_no: target.order_no }),
  ) as { invoice_no: string };
  const mail = (await smtp.waitFor(before + 1))[before]!;
  assert.equal(server.clock.nowMs(), startedAt);
  await server.jobsIdle([MAIL_SEND_JOB]);
  const profile = await readAssociationProfile(server.db);
  assert.equal(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : null, 'invoice@example.com');
  assert.equal(mail.from?.value[0]?.address, 'noreply@example.org');
  assert.match(mail.subject ?? '', /电子发票已开具/);
  assert.ok(mail.subject?.includes(profile.name));
  const text = mail.text ?? '';
  assert.ok(text.includes(invoiceNo.invoice_no), text);
  assert.ok(text.includes(target.order_no), text);
  assert.ok(text.includes(profile.name), text);
  for (const phone of profile.contact.support_phones) assert.ok(text.includes(phone), text);
  assert.ok(!text.includes(wangIdNumber) && !(mail.subject ?? '').includes(wangIdNumber));
  assert.equal(mail.attachments.length, 1);
  assert.equal(mail.attachments[0]!.filename, `电子发票-${invoiceNo.invoice_no}.pdf`);
  assert.equal(mail.attachments[0]!.content.subarray(0, 5).toString(), '%PDF-');

  const rows = await mailsOf(target.order_no);
  assert.equal(rows.length, 1);
  const [row] = rows;
  assert.equal(row!.status, 'sent');
  assert.equal(row!.attempts, 1);
  assert.match(row!.sent_at ?? '', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  const trail = await server.db
    .select({ action: auditRecords.action })
    .from(auditRecords)
    .where(inArray(auditRecords.action, ['mail.queue', 'mail.sent']));
  assert.ok(trail.some((record) => record.action === 'mail.queue'));
  assert.ok(trail.some((record) => record.action === 'mail.sent'));
  // Sent once: the next run finds nothing due.
  assert.deepEqual(await sendDue(), { sent: 0, retrying: 0, failed: 0 });
  assert.equal(smtp.received.length, before + 1);
});

test('runs of the mail job at the same time send a due mail once: the row is claimed by one of them', async () => {
  // Queued as a change does (in its transaction), without the enqueue: only the runs below send it.
  const mailId = await server.db.transaction((tx) =>
    queueMail(tx, server.clock, jobActor('test'), {
      to: 'claim@example.com',
      kind: 'refund-result',
      aboutId: 0,
      subject: '退款结果',
      body: '正文',
    }),
  );
  const before = smtp.received.length;
  const runs = await Promise.all(Array.from({ length: 5 }, () => sendDue()));
  assert.equal(
    runs.reduce((sum, run) => sum + run.sent, 0),
    1,
    JSON.stringify(runs),
  );
  await smtp.waitFor(before + 1);
  // A moment for a second copy, were one on its way.
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(smtp.received.filter((mail) => mail.subject === '退款结果').length, 1);
  const [row] = await server.db.select().from(mails).where(eq(mails.id, mailId));
  assert.equal(row!.status, 'sent');
  assert.equal(row!.attempts, 1);
  const attempts = await server.db
    .select({ id: auditRecords.id })
    .from(auditRecords)
    .where(and(eq(auditRecords.action, 'mail.attempt'), eq(auditRecords.target, 'claim@example.com')));
  assert.equal(attempts.length, 1);
});

test('an SMTP refusal (451) is retried later and, after the last attempt, recorded as failed with the server’s words for 财务', async () => {
  const target = { order_no: await wangInvoiceRequest() };
  smtp.refuse = { code: 451, text: 'Mailbox temporarily unavailable' };
  try {
    // The first attempt is the mail-send job's, enqueued by the issue.
    await issue(target.order_no);
    let [row] = await mailsOf(target.order_no);
    assert.equal(row!.status, 'queued');
    assert.equal(row!.attempts, 1);
    assert.match(row!.last_error ?? '', /451.*temporarily unavailable/i);
    // Not due again until its wait has passed.
    assert.deepEqual(await sendDue(), { sent: 0, retrying: 0, failed: 0 });
    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt += 1) {
      server.clock.advance(MAIL_RETRY_MINUTES[attempt - 1]! * 60_000);
      const run = await sendDue();
      assert.equal(run.retrying + run.failed, 1);
    }
    // An hour and more went by: the console session has lapsed, sign in again.
    finance = await signedInStaff(server, ['财务']);
    wangToken = await loginToken(server, WANG.phone, WANG.password);
    [row] = await mailsOf(target.order_no);
    assert.equal(row!.status, 'failed');
    assert.equal(row!.attempts, MAIL_MAX_ATTEMPTS);
    const [stored] = await server.db.select().from(mails).where(eq(mails.id, row!.id));
    const records = await server.db
      .select({ action: auditRecords.action, actor: auditRecords.actorName })
      .from(auditRecords)
      .where(and(inArray(auditRecords.action, ['mail.retry', 'mail.fail']), eq(auditRecords.target, stored!.recipient)))
      .orderBy(asc(auditRecords.id));
    assert.deepEqual(
      records.slice(-MAIL_MAX_ATTEMPTS).map((record) => record.action),
      [...Array.from({ length: MAIL_MAX_ATTEMPTS - 1 }, () => 'mail.retry'), 'mail.fail'],
    );

    // A permanent refusal (550: no such mailbox) is not tried again.
    const next = { order_no: await wangInvoiceRequest() };
    smtp.refuse = { code: 550, text: 'No such user here' };
    await issue(next.order_no);
    const [bounced] = await mailsOf(next.order_no);
    assert.equal(bounced!.status, 'failed');
    assert.equal(bounced!.attempts, 1);
    assert.match(bounced!.last_error ?? '', /550.*No such user/);
    const [failedRecord] = await server.db
      .select({ after: auditRecords.after })
      .from(auditRecords)
      .where(eq(auditRecords.action, 'mail.fail'))
      .orderBy(desc(auditRecords.id))
      .limit(1);
    assert.deepEqual((failedRecord?.after as { mail?: number } | null)?.mail, bounced!.id);
    // Nothing is left to try: the next run finds nothing due.
    assert.deepEqual(await sendDue(), { sent: 0, retrying: 0, failed: 0 });
  } finally {
    smtp.refuse = null;
  }
});

test('the learner has the invoice mailed again from 我的订单: sent by the job at once, rate-limited, only their own issued invoice', async () => {
  const target = { order_no: await wangInvoiceRequest() };
  assertRefused(
    await authed(server, wangToken, 'POST', '/v1/invoice_mail', { order_id: target.order_no }),
    409,
    MAIL_TEXT.invoiceNotIssued,
  );
  const invoiceNo = await issue(target.order_no);
  const before = smtp.received.length;
  const answer = dataOf(await authed(server, wangToken, 'POST', '/v1/invoice_mail', { order_id: target.order_no })) as {
    to: string;
  };
  assert.equal(answer.to, 'wang.fang@example.com');
  const mail = (await smtp.waitFor(before + 1))[before]!;
  assert.ok(mail.text?.includes(invoiceNo));
  assert.equal(mail.attachments.length, 1);
  for (let i = 1; i < INVOICE_MAIL_RESEND_LIMIT.max; i += 1)
    dataOf(await authed(server, wangToken, 'POST', '/v1/invoice_mail', { order_id: target.order_no }));
  const refused = await authed(server, wangToken, 'POST', '/v1/invoice_mail', { order_id: target.order_no });
  assertRefused(refused, 429, /^发票邮件发送过于频繁，请\d+分钟后再试$/);
  const resent = await server.db
    .select({ id: auditRecords.id })
    .from(auditRecords)
    .where(and(eq(auditRecords.action, 'mail.resend'), eq(auditRecords.target, target.order_no)));
  assert.equal(resent.length, INVOICE_MAIL_RESEND_LIMIT.max);
  // Another learner's order is not theirs to mail.
  const other = (await waitingInvoices()).find((row) => row.learner_name !== '王芳');
  if (other) {
    await issue(other.order_no);
    assertRefused(
      await authed(server, wangToken, 'POST', '/v1/invoice_mail', { order_id: other.order_no }),
      404,
      '订单不存在',
    );
  }
});
