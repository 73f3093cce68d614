import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import type { InvoiceQueueRow } from '@yaoshi/contracts/finance-admin';
import type { MailRow } from '@yaoshi/contracts/mail';
import { auditRecords } from '../audit/audit-schema';
import { authed, dataOf } from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { startSmtpReceiver, type SmtpReceiver } from '../test-support/smtp-receiver';
import { startImapTestServer, type ImapTestServer } from '../test-support/imap-test-server';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { BOUNCE_FOLDER, MAIL_BOUNCES_JOB, readBounces } from './mail-bounces';
import { MAIL_SEND_JOB } from './mail-queue';
import { mails } from './mail-schema';
import { queueStaffDigests } from '../staff-digest/staff-digest';

/**
 * Late bounces end to end (docs/mail.md): an invoice mail leaves through the smtp-server
 * receiver with its own Message-ID and VERP sender; a DSN naming it is put into the site
 * mailbox (an IMAP server of the tests); the mail-bounces job reads it over IMAP, 财务 reads
 * 已退信 with the learner's server's words, the DSN is in 已处理退信. Read once; a forged or a
 * delayed DSN changes nothing.
 */

const FROM = '"测试药师协会" <noreply@example.org>';
const here = path.dirname(fileURLToPath(import.meta.url));
let smtp: SmtpReceiver;
let imap: ImapTestServer;
let server: TestServer;
let finance: TestStaff;

before(async () => {
  smtp = await startSmtpReceiver();
  imap = await startImapTestServer();
  server = await startTestServer({
    config: { smtpUrl: smtp.url, mailFrom: FROM, mailBounceVerp: true, bounceImapUrl: imap.url },
  });
  finance = await signedInStaff(server, ['财务']);
});
after(async () => {
  await server.close();
  await imap.close();
  await smtp.close();
});

async function issueOne(): Promise<{ orderNo: string; messageId: string; sender: string }> {
  const { list } = dataOf(
    await authed(server, finance.token, 'GET', '/v1/admin/invoices', { status: 'reviewing', page: 1, size: 100 }),
  ) as { list: InvoiceQueueRow[] };
  const orderNo = list[0]!.order_no;
  const before = smtp.received.length;
  dataOf(await authed(server, finance.token, 'POST', '/v1/admin/invoices/issue', { order_no: orderNo }));
  await server.jobsIdle([MAIL_SEND_JOB]);
  const mail = (await smtp.waitFor(before + 1))[before]!;
  return { orderNo, messageId: mail.messageId ?? '', sender: smtp.senders[before]! };
}

async function queueRow(orderNo: string): Promise<InvoiceQueueRow> {
  const { list } = dataOf(
    await authed(server, finance.token, 'GET', '/v1/admin/invoices', { status: 'issued', page: 1, size: 100 }),
  ) as { list: InvoiceQueueRow[] };
  const row = list.find((candidate) => candidate.order_no === orderNo);
  assert.ok(row, `no issued invoice ${orderNo}`);
  return row;
}

async function mailsOf(orderNo: string): Promise<MailRow[]> {
  return (
    dataOf(await authed(server, finance.token, 'GET', '/v1/admin/invoices/mails', { order_no: orderNo })) as {
      list: MailRow[];
    }
  ).list;
}

/** A Postfix DSN about `messageId`, sent back to `to`. */
function dsnNaming(messageId: string, to: string, action = 'failed'): string {
  return fs
    .readFileSync(path.join(here, 'dsn-samples', 'postfix-user-unknown.eml'), 'utf8')
    .replaceAll('{{MESSAGE_ID}}', `<${messageId.replace(/^<|>$/g, '')}>`)
    .replace('To: noreply@example.org', `To: ${to}`)
    .replace('Action: failed', `Action: ${action}`);
}

const runJob = () =>
  readBounces({
    db: server.db,
    clock: server.clock,
    secret: server.config.mediaUrlSecret,
    bounceImapUrl: imap.url,
  });

test('a DSN naming an invoice mail is read over IMAP: 财务 sees 已退信 with the words, the DSN moves to 已处理退信, read once', async () => {
  const sent = await issueOne();
  // Its own Message-ID and envelope sender, each with the proof of its id.
  assert.match(sent.messageId, /^<mail-\d+-[0-9a-f]{20}@example\.org>$/);
  assert.match(sent.sender, /^noreply\+bounce-\d+-[0-9a-f]{20}@example\.org$/);
  assert.equal((await mailsOf(sent.orderNo))[0]!.status, 'sent');

  imap.deliver('From: 同事 <colleague@example.org>\nTo: noreply@example.org\nSubject: 你好\n\n不是退信。\n');
  imap.deliver(dsnNaming(sent.messageId, sent.sender));
  // The timed job as the server runs it (BOUNCE_IMAP_URL from the configuration).
  await server.jobs.enqueue(MAIL_BOUNCES_JOB, {});
  await server.jobsIdle([MAIL_BOUNCES_JOB]);

  const [shown] = await mailsOf(sent.orderNo);
  assert.equal(shown!.status, 'bounced');
  assert.equal(
    shown!.last_error,
    '退信：<nobody@learner.example.com>: Recipient address rejected: User unknown in virtual mailbox table',
  );
  assert.ok(shown!.sent_at, 'it was sent before it bounced');
  const records = await server.db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.action, 'mail.bounce'), eq(auditRecords.actor, MAIL_BOUNCES_JOB)));
  assert.equal(records.length, 1);
  assert.deepEqual((records[0]!.after as { mail: number }).mail, shown!.id);

  // The invoice queue marks the invoice; 财务's 每日待办 counts it.
  assert.equal((await queueRow(sent.orderNo)).mail_bounced, true);
  dataOf(
    await authed(server, finance.token, 'POST', '/v1/admin/me/digest', { enabled: true, email: 'caiwu@example.org' }),
  );
  await queueStaffDigests(server.db, server.clock);
  const [digest] = await server.db
    .select()
    .from(mails)
    .where(and(eq(mails.kind, 'staff-digest'), eq(mails.recipient, 'caiwu@example.org')));
  assert.match(digest!.body, /发票邮件退信：1 项/);

  assert.equal(imap.folders.get(BOUNCE_FOLDER)?.messages.length, 1);
  const inbox = imap.folders.get('INBOX')!.messages.map((message) => message.source.toString());
  assert.equal(inbox.length, 1, 'the mail that is not a DSN stays in the INBOX');
  assert.match(inbox[0]!, /不是退信/);

  // A second run: nothing to read, nothing changes.
  assert.deepEqual(await runJob(), { read: 0, bounced: 0, ignored: 0 });
  assert.equal((await mailsOf(sent.orderNo))[0]!.status, 'bounced');
  assert.equal(imap.folders.get(BOUNCE_FOLDER)?.messages.length, 1);
});

test('a forged DSN (wrong proof) and a delayed DSN change nothing; both are moved out of the INBOX', async () => {
  const sent = await issueOne();
  const id = /^<mail-(\d+)-/.exec(sent.messageId)![1]!;
  const forgedId = `<mail-${id}-0123456789abcdef0123@example.org>`;
  const forgedSender = `noreply+bounce-${id}-0123456789abcdef0123@example.org`;
  imap.deliver(dsnNaming(forgedId, forgedSender));
  imap.deliver(dsnNaming(sent.messageId, sent.sender, 'delayed'));
  const handledBefore = imap.folders.get(BOUNCE_FOLDER)?.messages.length ?? 0;
  const [before] = await server.db
    .select()
    .from(mails)
    .where(eq(mails.id, Number(id)));
  assert.deepEqual(await runJob(), { read: 2, bounced: 0, ignored: 2 });
  const [after] = await server.db
    .select()
    .from(mails)
    .where(eq(mails.id, Number(id)));
  assert.deepEqual(after, before);
  assert.equal((await mailsOf(sent.orderNo))[0]!.status, 'sent');
  assert.equal((await queueRow(sent.orderNo)).mail_bounced, false);
  assert.equal(imap.folders.get(BOUNCE_FOLDER)?.messages.length, handledBefore + 2);
  assert.equal(
    (await server.db.select().from(auditRecords).where(eq(auditRecords.action, 'mail.bounce'))).length,
    1,
    'only the first test’s bounce',
  );
});
