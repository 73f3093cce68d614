import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDsn } from './dsn';
import { bounceAddressOf, mailIdOfBounceAddress, mailIdOfMessageId, messageIdOf } from './mail-ids';
import { bounceErrorOf, mailIdOfDsn } from './mail-bounces';

/**
 * DSNs as the mail services send them back (RFC 3464). The samples in dsn-samples/ follow the
 * published formats: Postfix's and Exchange Online's NDRs as documented, and the three hosted
 * 企业邮箱 (腾讯企业邮, 阿里企业邮箱, 网易企业邮箱) as their bounce mails are shown in their help
 * pages and public posts (GB18030 human text, base64 parts, the original's headers with or
 * without its Message-ID, VERP). `{{MESSAGE_ID}}` and `{{VERP}}` are filled per test.
 */

const SECRET = 'test-media-secret';
const FROM = '测试药师协会 <noreply@example.org>';
const here = path.dirname(fileURLToPath(import.meta.url));

function sample(name: string, mailId: number): string {
  const id = messageIdOf(SECRET, mailId, FROM);
  const verp = bounceAddressOf(SECRET, mailId, FROM)
    .replace(/^noreply\+bounce-/, '')
    .replace(/@.*$/, '');
  return fs
    .readFileSync(path.join(here, 'dsn-samples', name), 'utf8')
    .replaceAll('{{MESSAGE_ID}}', id)
    .replaceAll('{{VERP}}', verp)
    .replace(/\r?\n/g, '\r\n');
}

test('Postfix: 5.1.1 user unknown, the original named by its Message-ID in text/rfc822-headers', () => {
  const dsn = parseDsn(sample('postfix-user-unknown.eml', 41));
  assert.ok(dsn);
  assert.equal(dsn.action, 'failed');
  assert.equal(dsn.status, '5.1.1');
  assert.equal(dsn.recipient, 'nobody@learner.example.com');
  assert.equal(
    dsn.diagnostic,
    '550 5.1.1 <nobody@learner.example.com>: Recipient address rejected: User unknown in virtual mailbox table',
  );
  assert.equal(mailIdOfDsn(SECRET, dsn), 41);
});

test('Exchange Online: the human part nested (multipart/alternative), the whole original as message/rfc822', () => {
  const dsn = parseDsn(sample('exchange-not-found.eml', 42));
  assert.ok(dsn);
  assert.equal(dsn.action, 'failed');
  assert.equal(dsn.status, '5.1.10');
  assert.equal(dsn.recipient, 'zhang.san@hospital.example.cn');
  assert.match(dsn.diagnostic ?? '', /^550 5\.1\.10 RESOLVER\.ADR\.RecipientNotFound; Recipient zhang/);
  assert.equal(mailIdOfDsn(SECRET, dsn), 42);
});

test('腾讯企业邮: GB18030 text, original headers without a Message-ID: matched by the VERP address it was sent back to', () => {
  const dsn = parseDsn(sample('tencent-exmail.eml', 43));
  assert.ok(dsn);
  assert.equal(dsn.messageId, null);
  assert.equal(dsn.action, 'failed');
  assert.equal(dsn.recipient, '8675309@qq.com');
  assert.equal(mailIdOfDsn(SECRET, dsn), 43);
  // 财务 reads the words, not the learner's QQ number nor the server's tracking digits.
  const shown = bounceErrorOf(dsn);
  assert.match(shown, /^退信：Mailbox not found or access denied/);
  assert.doesNotMatch(shown, /8675309|\d{3,}/);
});

test('阿里企业邮箱: the delivery-status part base64-encoded', () => {
  const dsn = parseDsn(sample('aliyun-qiye.eml', 44));
  assert.ok(dsn);
  assert.deepEqual(
    { action: dsn.action, status: dsn.status, recipient: dsn.recipient, diagnostic: dsn.diagnostic },
    {
      action: 'failed',
      status: '5.1.1',
      recipient: 'li.si@pharmacy.example.cn',
      diagnostic: '550 User not found: li.si@pharmacy.example.cn',
    },
  );
  assert.equal(mailIdOfDsn(SECRET, dsn), 44);
});

test('网易企业邮箱: a delayed DSN is read as delayed (the job ignores it)', () => {
  const dsn = parseDsn(sample('netease-qiye-delayed.eml', 45));
  assert.ok(dsn);
  assert.equal(dsn.action, 'delayed');
  assert.equal(dsn.status, '4.4.1');
  assert.equal(mailIdOfDsn(SECRET, dsn), 45);
});

test('not a DSN: a plain mail, a read receipt (disposition-notification)', () => {
  assert.equal(parseDsn('From: a@b.example\r\nSubject: hi\r\n\r\nhello\r\n'), null);
  const receipt = sample('postfix-user-unknown.eml', 1).replace(
    'report-type=delivery-status',
    'report-type=disposition-notification',
  );
  assert.equal(parseDsn(receipt), null);
});

test('a forged DSN names no mail: wrong proof, another secret, a proof moved to another id', () => {
  const dsn = parseDsn(sample('postfix-user-unknown.eml', 46));
  assert.ok(dsn);
  assert.equal(mailIdOfDsn('another-secret', dsn), null);
  const proof = /mail-46-([0-9a-f]+)@/.exec(messageIdOf(SECRET, 46, FROM))![1]!;
  assert.equal(mailIdOfMessageId(SECRET, `<mail-47-${proof}@example.org>`), null);
  assert.equal(mailIdOfMessageId(SECRET, '<mail-46-00000000000000000000@example.org>'), null);
  assert.equal(mailIdOfBounceAddress(SECRET, `noreply+bounce-47-${proof}@example.org`), null);
  assert.equal(mailIdOfBounceAddress(SECRET, bounceAddressOf(SECRET, 46, FROM)), 46);
  assert.equal(bounceAddressOf(SECRET, 46, FROM), `noreply+bounce-46-${proof}@example.org`);
});
