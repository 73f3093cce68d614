import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { StaffSelf } from '@yaoshi/contracts/staff-admin';
import { endStaffSession, startStaffSession } from '@yaoshi/api-client/staff-session';
import { ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import AdminApp from './admin-app';

afterEach(() => {
  act(() => message.destroy());
  endStaffSession();
});

const FINANCE: StaffSelf = {
  username: 'qian',
  name: '钱财务',
  roles: ['财务'],
  permissions: ['learners.read', 'finance.read'],
  must_change_password: true,
};

test('a replaced first password opens the console at once, even while the session is still being read again', async () => {
  startStaffSession('staff-token');
  let changed = false;
  // After the change the session's refetch does not answer (a slow server): the console must
  // not wait for it, and must not send the staff member back to 修改密码 meanwhile.
  stubApi({
    '/v1/admin/me': () => (changed ? new Promise(() => undefined) : ok(FINANCE)),
    '/v1/admin/password': () => {
      changed = true;
      return ok(null);
    },
  });
  render(
    <Provider store={createTestStore()}>
      <MemoryRouter initialEntries={['/admin/password']}>
        <AdminApp />
      </MemoryRouter>
    </Provider>,
  );
  expect(await screen.findByText('首次登录，请先修改初始密码')).toBeInTheDocument();
  const form = within(screen.getByRole('form', { name: '修改密码' }));
  await userEvent.type(form.getByLabelText('初始密码'), 'Generated123');
  await userEvent.type(form.getByLabelText('新密码', { exact: true }), 'Chosen2026pw');
  await userEvent.type(form.getByLabelText('再次输入新密码'), 'Chosen2026pw');
  await userEvent.click(form.getByRole('button', { name: '修改密码' }));
  expect(await screen.findByTestId('page-title')).toHaveTextContent('学员管理');
  // And it stays there.
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
  expect(screen.getByTestId('page-title')).toHaveTextContent('学员管理');
  expect(screen.queryByText('首次登录，请先修改初始密码')).not.toBeInTheDocument();
});
