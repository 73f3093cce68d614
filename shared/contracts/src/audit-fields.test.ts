import { test } from 'node:test';
import assert from 'node:assert/strict';
import { auditActorLabel, auditChanges, auditValueText, lineDiff } from './audit-fields';

test('who acted, as the ledger names them', () => {
  assert.equal(auditActorLabel({ actor_kind: 'staff', actor: 'finance', actor_name: '钱财务' }), '钱财务（finance）');
  assert.equal(auditActorLabel({ actor_kind: 'release-token', actor: 'ci', actor_name: null }), '发布令牌 ci');
  assert.equal(
    auditActorLabel({ actor_kind: 'job', actor: 'orders-expire', actor_name: null }),
    '系统任务 orders-expire',
  );
  assert.equal(auditActorLabel({ actor_kind: 'gateway', actor: 'wechatpay', actor_name: null }), '支付渠道 wechatpay');
  assert.equal(auditActorLabel({ actor_kind: 'command-line', actor: '命令行', actor_name: null }), '命令行');
});

test('only changed fields, in Chinese, before and after side by side; long HTML is marked long', () => {
  const changes = auditChanges(
    { request: 'refunding', refund_status: 2, content: '<p>一</p><p>二</p>' + 'x'.repeat(100) },
    { request: 'refunded', refund_status: 2, provider_refund_no: 'RF1', content: '<p>一</p><p>三</p>' },
  );
  assert.deepEqual(
    changes.map((change) => [change.label, auditValueText(change.before), auditValueText(change.after), change.long]),
    [
      ['退款申请', '退款中', '已退款', false],
      ['正文', '<p>一</p><p>二</p>' + 'x'.repeat(100), '<p>一</p><p>三</p>', true],
      ['渠道退款号', '—', 'RF1', false],
    ],
  );
  assert.deepEqual(auditChanges(null, 'x'), [
    { field: '内容', label: '内容', before: undefined, after: 'x', long: false },
  ]);
});

test('a line diff of two HTML texts, paragraph by paragraph', () => {
  assert.deepEqual(lineDiff('<p>一</p><p>二</p>', '<p>一</p><p>三</p><p>四</p>'), [
    { kind: 'same', text: '<p>一</p>' },
    { kind: 'removed', text: '<p>二</p>' },
    { kind: 'added', text: '<p>三</p>' },
    { kind: 'added', text: '<p>四</p>' },
  ]);
});
