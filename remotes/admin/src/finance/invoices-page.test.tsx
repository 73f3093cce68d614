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
