import { storageFromConfig } from '../storage/storage-from-config';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { learners } from '../accounts/accounts-schema';
import { courses } from '../catalogue/catalogue-schema';
import { invoiceMailAttachments } from '../invoices/invoice-mail-attachment';
import { insertOrderInState } from '../seed/order-seed';
import { WANG, authed, dataOf } from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { sendDueMails } from './mail-sending';
import { MAIL_SEND_JOB } from './mail-queue';
import { outboxMailTransport } from './mail-transport';
import { DEV_MAIL_OUTBOX_PATH } from './mail-routes';

/**
 * Development (no SMTP_URL): mail goes to the outbox, read back at GET /dev/mail-outbox; a
 * refund's result is mailed to the learner's own email. In production the page does not exist.
 */

let server: TestServer;
let finance: TestStaff;
let wangId: number;

interface Outbox {
  messages: { subject: string; body: string; attachments: string[]; sent_at: string }[];
}

before(async () => {
  server = await startTestServer();
  finance = await signedInStaff(server, ['财务']);
  const [wang] = await server.db.select().from(learners).where(eq(learners.phone, WANG.phone));
  wangId = wang!.id;
});
after(() => server.close());

const sendDue = () =>
  sendDueMails({
    db: server.db,
    clock: server.clock,
    transport: outboxMailTransport(server.db, server.clock, server.app.log),
    attachmentsOf: invoiceMailAttachments(
      server.db,
      storageFromConfig(server.config, server.clock, () => ''),
    ),
  });

async function outbox(to: string): Promise<Outbox> {
  const response = await server.send(`${DEV_MAIL_OUTBOX_PATH}?to=${encodeURIComponent(to)}`);
  assert.equal(response.status, 200);
  return response.body as Outbox;
}

test('without SMTP_URL an issued invoice lands in the development outbox, with its attachment named', async () => {
  const waiting = dataOf(await authed(server, finance.token, 'GET', '/v1/admin/invoices', { status: 'reviewing' })) as {
    list: { order_no: string }[];
  };
  const orderNo = waiting.list[0]!.order_no;
  const before = (await outbox('invoice@example.com')).messages.length;
  const issued = dataOf(
    await authed(server, finance.token, 'POST', '/v1/admin/invoices/issue', { order_no: orderNo }),
  ) as { invoice_no: string };
  // The issue enqueued the mail-send job: it wrote the mail to the outbox, once.
  await server.jobsIdle([MAIL_SEND_JOB]);
  assert.equal((await outbox('invoice@example.com')).messages.length, before + 1);
  assert.deepEqual(await sendDue(), { sent: 0, retrying: 0, failed: 0 });
  const [latest] = (await outbox('invoice@example.com')).messages;
  assert.match(latest!.subject, /电子发票已开具/);
  assert.ok(latest!.body.includes(issued.invoice_no));
  assert.deepEqual(latest!.attachments, [`电子发票-${issued.invoice_no}.pdf`]);
  assert.equal((await server.send(`${DEV_MAIL_OUTBOX_PATH}`)).status, 400);
});

test('a refund’s result is mailed to the learner’s email, in Chinese with the reason, without the ID number', async () => {
  await server.db.update(learners).set({ email: 'wang.fang@example.com' }).where(eq(learners.id, wangId));
  const [course] = await server.db.select({ year: courses.year }).from(courses).limit(1);
  await insertOrderInState(server.db, {
    orderNo: '9371000001',
    learnerId: wangId,
    year: course!.year,
    state: { pay_status: 2, refund_status: 1, is_receipt: 0 },
    courseIds: [],
    priceFen: 12000,
    createdAt: server.clock.now(),
  });
  dataOf(
    await authed(server, finance.token, 'POST', '/v1/admin/refunds/reject', {
      order_no: '9371000001',
      reason: '课程已学习超过规定比例',
    }),
  );
  // The rejection enqueued the mail-send job: the result is in the outbox, once.
  await server.jobsIdle([MAIL_SEND_JOB]);
  assert.equal((await outbox('wang.fang@example.com')).messages.length, 1);
  assert.deepEqual(await sendDue(), { sent: 0, retrying: 0, failed: 0 });
  const [mail] = (await outbox('wang.fang@example.com')).messages;
  assert.match(mail!.subject, /退款结果：退款申请未通过（订单 9371000001）/);
  assert.ok(mail!.body.includes('原因：课程已学习超过规定比例'), mail!.body);
  assert.ok(mail!.body.includes('¥120.00'), mail!.body);
  const [wang] = await server.db.select().from(learners).where(eq(learners.id, wangId));
  assert.ok(!mail!.body.includes(wang!.idNumber));
});

test('production with a mail server: no outbox page', async () => {
  const production = await startTestServer({
    seed: false,
    config: {
      nodeEnv: 'production',
      smtpUrl: 'smtp://127.0.0.1:9',
      mailFrom: 'noreply@example.org',
      publicBaseUrl: 'https://www.example.org',
    },
  });
  try {
    const response = await production.send(`${DEV_MAIL_OUTBOX_PATH}?to=a@example.org`);
    assert.equal(response.status, 404);
  } finally {
    await production.close();
  }
});
