import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditRecord } from '@yaoshi/contracts/audit-log';
import { AuditChanges } from './audit-changes';

const record = (before: unknown, after: unknown): AuditRecord => ({
  id: 1,
  time: '2026-11-24 10:15:00',
  actor: 'finance',
  actor_kind: 'staff',
  actor_name: '钱财务',
  roles: ['财务'],
  action: 'refund.complete',
  target: '202508005805',
  before,
  after,
  ip: '127.0.0.1',
});

test('each changed field on its line: the Chinese name, before and after side by side', () => {
  render(
    <AuditChanges
      record={record(
        { refund_status: 2, request: 'refunding' },
        { refund_status: 2, request: 'refunded', outcome: '已退款', provider_refund_no: 'RF20260001' },
      )}
    />,
  );
  const rows = screen.getAllByRole('row');
  expect(rows.map((row) => row.textContent)).toEqual([
    '退款申请退款中→已退款',
    '结果—→已退款',
    '渠道退款号—→RF20260001',
  ]);
  expect(within(rows[0]!).getByLabelText('修改前')).toHaveTextContent('退款中');
  expect(within(rows[0]!).getByLabelText('修改后')).toHaveTextContent('已退款');
});

test('a long HTML text reads 正文已修改; 查看差异 shows the removed and added paragraphs', async () => {
  const before = `<p>第一条</p><p>第二条：${'旧'.repeat(60)}</p>`;
  const after = `<p>第一条</p><p>第二条：${'新'.repeat(60)}</p>`;
  render(<AuditChanges record={record({ content: before }, { content: after })} />);
  expect(screen.getByRole('row')).toHaveTextContent('正文正文已修改');
  expect(screen.queryByText(/旧旧旧/)).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: '查看差异' }));
  const diff = await screen.findByRole('region', { name: '正文差异' });
  expect(within(diff).getByLabelText(/^未改：<p>第一条<\/p>$/)).toBeInTheDocument();
  expect(within(diff).getByLabelText(/^删除：<p>第二条：旧/)).toBeInTheDocument();
  expect(within(diff).getByLabelText(/^新增：<p>第二条：新/)).toBeInTheDocument();
});
