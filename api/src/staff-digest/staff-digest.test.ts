import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { inArray } from 'drizzle-orm';
import { DIGEST_TEXT } from '@yaoshi/contracts/mail';
import { auditRecords } from '../audit/audit-schema';
import { sendDueMails } from '../mail/mail-sending';
import { outboxMailTransport } from '../mail/mail-transport';
import { assertRefused, authed, dataOf } from '../test-support/learner-session';
import { signedInStaff } from '../test-support/staff-session';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { queueStaffDigests } from './staff-digest';

/** 每日待办 (issue 37): opted-in staff get the counts of the queues their roles act on, nothing else. */

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

async function outbox(to: string): Promise<{ subject: string; body: string }[]> {
  const response = await server.send(`/dev/mail-outbox?to=${encodeURIComponent(to)}`);
  return (response.body as { messages: { subject: string; body: string }[] }).messages;
}

test('staff opt in on their own account page; the daily digest counts only what their role can act on', async () => {
  const finance = await signedInStaff(server, ['财务']);
  const reviewer = await signedInStaff(server, ['学员管理']);
  const editor = await signedInStaff(server, ['内容编辑']);
  assert.deepEqual(dataOf(await authed(server, finance.token, 'GET', '/v1/admin/me/digest', {})), {
    enabled: false,
    email: '',
  });
  assertRefused(
    await authed(server, finance.token, 'POST', '/v1/admin/me/digest', { enabled: true, email: 'not-an-address' }),
    400,
    DIGEST_TEXT.emailInvalid,
  );
  for (const [staff, email] of [
    [finance, 'caiwu@example.org'],
    [reviewer, 'xueyuan@example.org'],
    [editor, 'bianji@example.org'],
  ] as const)
    assert.deepEqual(
      dataOf(await authed(server, staff.token, 'POST', '/v1/admin/me/digest', { enabled: true, email })),
      {
        enabled: true,
        email,
      },
    );

  const queued = await queueStaffDigests(server.db, server.clock);
  assert.ok(queued >= 1 && queued <= 2, `queued ${queued}: the content editor has no queue`);
  await sendDueMails({
    db: server.db,
    clock: server.clock,
    transport: outboxMailTransport(server.db, server.clock, server.app.log),
  });
  const [financeMail] = await outbox('caiwu@example.org');
  assert.match(financeMail!.subject, /每日待办/);
  assert.match(financeMail!.body, /待审核退款：\d+ 项/);
  assert.match(financeMail!.body, /待开具发票：\d+ 项/);
  assert.ok(!financeMail!.body.includes('人脸') && !financeMail!.body.includes('学习档案'));
  for (const mail of await outbox('xueyuan@example.org')) {
    assert.ok(!mail.body.includes('退款') && !mail.body.includes('发票'));
    assert.match(mail.body, /待审核学习档案：\d+ 项/);
  }
  assert.deepEqual(await outbox('bianji@example.org'), []);

  dataOf(await authed(server, finance.token, 'POST', '/v1/admin/me/digest', { enabled: false, email: '' }));
  assert.deepEqual(dataOf(await authed(server, finance.token, 'GET', '/v1/admin/me/digest', {})), {
    enabled: false,
    email: '',
  });
  const trail = await server.db
    .select({ action: auditRecords.action })
    .from(auditRecords)
    .where(inArray(auditRecords.action, ['staff.digest-setting']));
  assert.equal(trail.length, 4);
});
