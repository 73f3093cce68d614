import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, inArray } from 'drizzle-orm';
import { beijingYearOf } from '@yaoshi/contracts/beijing-time';
import { REMINDER_TEXT, type ReminderCampaign, type ReminderPreview } from '@yaoshi/contracts/reminders';
import { learners } from '../accounts/accounts-schema';
import { auditRecords } from '../audit/audit-schema';
import { smtpMailTransport, type MailTransport } from '../mail/mail-transport';
import { LI, WANG, ZHANG, ZHAO, assertRefused, authed, dataOf, loginToken } from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { startSmtpReceiver, type SmtpReceiver } from '../test-support/smtp-receiver';
import { startTestServer, TEST_START, type TestServer } from '../test-support/test-server';
import { sendReminderRound } from './reminder-campaigns';
import { reminderSendingOf } from './reminder-sending';
import { reminderCampaigns } from './reminders-schema';

/**
 * Year-end reminders end to end (issue 37): 学员管理 previews and creates a campaign over real
 * HTTP; the job's round (`sendReminderRound`, what reminders-send runs each minute) sends mail
 * over real SMTP to an smtp-server and texts to the development SMS outbox.
 */

const COMPANY = '年末提醒测试药房';
const YEAR = beijingYearOf(TEST_START);
let smtp: SmtpReceiver;
let server: TestServer;
let staff: TestStaff;
let mail: MailTransport;

before(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({ config: { smtpUrl: smtp.url, mailFrom: 'noreply@example.org' } });
  staff = await signedInStaff(server, ['学员管理']);
  mail = smtpMailTransport(smtp.url, 'noreply@example.org');
  // Four learners of one work unit: two with an email, one without, one who opts out.
  const emails = new Map([
    [WANG.phone, 'wang.fang@example.com'],
    [LI.phone, 'li.hua@example.com'],
    [ZHANG.phone, ''],
    [ZHAO.phone, 'zhao.min@example.com'],
  ]);
  for (const [phone, email] of emails)
    await server.db.update(learners).set({ company: COMPANY, email }).where(eq(learners.phone, phone));
});
after(async () => {
  mail.close();
  await server.close();
  await smtp.close();
});

const round = (perMinute = { sms: 1, mail: 1 }) =>
  sendReminderRound({ ...reminderSendingOf(server.config, server.db, server.clock, mail), perMinute });

async function preview(filter: Record<string, unknown>) {
  return dataOf(await authed(server, staff.token, 'GET', '/v1/admin/reminders/preview', filter)) as ReminderPreview;
}

async function campaigns(): Promise<ReminderCampaign[]> {
  return (dataOf(await authed(server, staff.token, 'GET', '/v1/admin/reminders', {})) as { list: ReminderCampaign[] })
    .list;
}

test('the learner turns reminders off on 个人信息; the preview counts by year, hours missing and work unit', async () => {
  const zhao = await loginToken(server, ZHAO.phone, ZHAO.password);
  assert.deepEqual(dataOf(await authed(server, zhao, 'GET', '/v1/reminder_setting', {})), { year_end_reminders: true });
  dataOf(await authed(server, zhao, 'POST', '/v1/reminder_setting', { year_end_reminders: false }));
  assert.deepEqual(dataOf(await authed(server, zhao, 'GET', '/v1/reminder_setting', {})), {
    year_end_reminders: false,
  });

  assert.deepEqual(await preview({ year: YEAR, company: COMPANY }), { selected: 4, opted_out: 1, without_email: 1 });
  const everyone = await preview({ year: YEAR });
  assert.ok(everyone.selected >= 4);
  const farBehind = await preview({ year: YEAR, min_missing_hours: 90 });
  assert.ok(farBehind.selected <= everyone.selected);
  assert.equal((await preview({ year: YEAR, company: '没有这个单位' })).selected, 0);
  assertRefused(
    await authed(server, staff.token, 'GET', '/v1/admin/reminders/preview', { year: YEAR, min_missing_hours: 91 }),
    400,
    REMINDER_TEXT.missingHoursInvalid,
  );
  assertRefused(
    await authed(server, staff.token, 'POST', '/v1/admin/reminders', {
      year: YEAR,
      company: '没有这个单位',
      channel: 'mail',
    }),
    400,
    REMINDER_TEXT.nobodySelected,
  );
  assert.equal((await server.db.select().from(reminderCampaigns)).length, 0, 'nothing written');
});

test('a mail campaign: throttled per minute, each learner once, opted-out and address-less learners skipped and counted, audited', async () => {
  const created = dataOf(
    await authed(server, staff.token, 'POST', '/v1/admin/reminders', { year: YEAR, company: COMPANY, channel: 'mail' }),
  ) as ReminderCampaign;
  assert.equal(created.selected, 4);
  assert.equal(created.pending, 4);
  assert.equal(created.status, 'sending');

  const before = smtp.received.length;
  assert.equal(await round(), 1, 'one mail in the first minute');
  let [campaign] = await campaigns();
  assert.deepEqual(
    [campaign!.sent, campaign!.skipped_opted_out, campaign!.skipped_no_address, campaign!.pending, campaign!.status],
    [1, 1, 1, 1, 'sending'],
  );
  assert.equal(await round(), 1, 'the next minute, the last one');
  [campaign] = await campaigns();
  assert.deepEqual([campaign!.sent, campaign!.failed, campaign!.pending, campaign!.status], [2, 0, 0, 'done']);
  assert.match(campaign!.finished_at ?? '', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  assert.equal(await round(), 0, 'nobody twice');

  const received = (await smtp.waitFor(before + 2)).slice(before);
  const addresses = received.map((item) => (item.to && !Array.isArray(item.to) ? item.to.value[0]?.address : ''));
  assert.deepEqual(addresses.sort(), ['li.hua@example.com', 'wang.fang@example.com']);
  const ids = (await server.db.select({ idNumber: learners.idNumber }).from(learners)).map((row) => row.idNumber);
  for (const item of received) {
    assert.match(item.subject ?? '', new RegExp(`${YEAR}年度继续教育学时提醒`));
    assert.match(item.text ?? '', /还差 \d+\.\d 学时/);
    assert.ok(!ids.some((id) => item.text?.includes(id)), 'no ID number');
    const header = item.headerLines.find((line) => line.key === 'list-unsubscribe')?.line ?? '';
    assert.match(header, /\/unsubscribe\/reminders\?l=\d+&t=/);
  }

  const trail = await server.db
    .select({ action: auditRecords.action })
    .from(auditRecords)
    .where(inArray(auditRecords.action, ['reminder.campaign-create', 'reminder.send', 'reminder.campaign-done']));
  assert.deepEqual(
    trail.map((record) => record.action),
    ['reminder.campaign-create', 'reminder.send', 'reminder.send', 'reminder.campaign-done'],
  );

  // The link in the mail turns 王芳's reminders off, without a login.
  const wangMail = received.find((item) => item.text?.includes('王芳'))!;
  const link = /https?:\/\/\S+\/unsubscribe\/reminders\?\S+/.exec(wangMail.text ?? '')![0];
  const path = link.slice(link.indexOf('/unsubscribe'));
  const forged = await server.send(path.replace(/t=[^&]+/, 't=forged'));
  assert.equal(forged.status, 400);
  const page = await server.send(path);
  assert.equal(page.status, 200);
  assert.match(String(page.body), /您已退订学时提醒/);
  const wang = await loginToken(server, WANG.phone, WANG.password);
  assert.deepEqual(dataOf(await authed(server, wang, 'GET', '/v1/reminder_setting', {})), {
    year_end_reminders: false,
  });
});

test('an SMS campaign texts through the SMS provider (the development outbox here), skipping who opted out', async () => {
  dataOf(
    await authed(server, staff.token, 'POST', '/v1/admin/reminders', { year: YEAR, company: COMPANY, channel: 'sms' }),
  );
  assert.equal(await round({ sms: 10, mail: 10 }), 2, '李华 and 张晓明; 王芳 and 赵敏 opted out');
  const [campaign] = await campaigns();
  assert.deepEqual(
    [campaign!.channel, campaign!.sent, campaign!.skipped_opted_out, campaign!.status],
    ['sms', 2, 2, 'done'],
  );
  const outbox = await server.send(`/dev/sms-outbox?phone=${LI.phone}`);
  const texts = (outbox.body as { messages: { text: string }[] }).messages.map((message) => message.text);
  assert.ok(
    texts.some((text) => text.includes(`${YEAR}年度继续教育学时还差`)),
    texts.join('\n'),
  );
});
