import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import { ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { InvoicesPage } from './invoices-page';

afterEach(() => act(() => message.destroy()));

const ME = { username: 'cw', name: '财务', roles: ['财务'], permissions: ['finance.read', 'finance.write'] };

test('查询 pressed again with the same filters asks the server again: what changed since is shown', async () => {
  let waiting = 0;
  const calls = stubApi({
    '/v1/admin/me': () => ok(ME),
    '/v1/admin/invoices': () => ok({ total: waiting, list: [] }),
  });
  render(
    <Provider store={createTestStore()}>
      <InvoicesPage />
    </Provider>,
  );
  const listCalls = () => calls.filter((call) => call.path === '/v1/admin/invoices').length;
  await waitFor(() => expect(listCalls()).toBe(1));
  waiting = 1;
  await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
  await waitFor(() => expect(listCalls()).toBe(2));
  await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
  await waitFor(() => expect(listCalls()).toBe(3));
});

const ISSUED = {
  order_no: '2025061600001',
  order_name: '2025年度继续教育',
  year: 2025,
  learner_name: '王芳',
  id_number: '110101********1234',
  amount: 120,
  title_type: 1,
  invoice_title: '王芳',
  tax_number: null,
  email: 'nobody@learner.example.com',
  status: 'issued',
  invoice_no: '25312000000000000001',
  issued_at: '2025-06-16 10:00:00',
  failure_reason: null,
  requested_at: '2025-06-16 09:00:00',
  provider_error: null,
  retryable: false,
  red_status: null,
  red_invoice_no: null,
  red_error: null,
  mail_bounced: true,
};

test('an issued invoice whose last mail bounced is marked; 发票邮件 shows 已退信 with the learner’s server’s words', async () => {
  stubApi({
    '/v1/admin/me': () => ok(ME),
    '/v1/admin/invoices': () =>
      ok({ total: 2, list: [ISSUED, { ...ISSUED, order_no: '2025061600002', mail_bounced: false }] }),
    '/v1/admin/invoices/mails': () =>
      ok({
        list: [
          {
            id: 7,
            to: 'nobody@learner.example.com',
            subject: '电子发票已开具',
            status: 'bounced',
            attempts: 1,
            last_error: '退信：<nobody@learner.example.com>: Recipient address rejected: User unknown',
            created_at: '2025-06-16 10:00:00',
            sent_at: '2025-06-16 10:00:02',
          },
        ],
      }),
  });
  render(
    <Provider store={createTestStore()}>
      <InvoicesPage />
    </Provider>,
  );
  await screen.findByText('2025061600002');
  expect(screen.getAllByText('邮件已退信，请联系学员核对邮箱')).toHaveLength(1);
  const [first] = screen.getAllByRole('button', { name: '发票邮件' });
  await userEvent.click(first!);
  const table = await screen.findByRole('table', { name: '发票邮件' });
  await waitFor(() => expect(table).toHaveTextContent('已退信'));
  expect(table).toHaveTextContent('退信：<nobody@learner.example.com>: Recipient address rejected: User unknown');
});
