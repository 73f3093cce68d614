import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import type { ReleaseStatus } from '@yaoshi/contracts/releases-admin';
import { fail, ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { ReleasesPage } from './releases-page';

afterEach(() => act(() => message.destroy()));

const STATUS: ReleaseStatus = {
  environment: 'production',
  remotes: [
    {
      remote: 'orders',
      section: '订单管理',
      federationName: 'orders',
      pinned: '0.1.0',
      canary: { version: '0.3.0', percent: 10 },
      versions: ['0.1.0', '0.2.0', '0.3.0'],
      health: [
        { version: '0.1.0', loads: 400, failures: 2, failureRate: 0.005 },
        { version: '0.3.0', loads: 50, failures: 5, failureRate: 0.1 },
      ],
      rollbackTo: null,
    },
  ],
};

const RELEASER = {
  username: 'releases',
  name: '卫发布',
  roles: ['发布管理'],
  permissions: ['releases.manage', 'releases.read'],
};
const AUDITOR = {
  username: 'auditor',
  name: '审计员',
  roles: ['只读审计'],
  permissions: ['audit.read', 'releases.read'],
};

function renderReleasesPage() {
  return render(
    <Provider store={createTestStore()}>
      <ReleasesPage />
    </Provider>,
  );
}

test('each remote’s live version, canary and failure rate per version', async () => {
  stubApi({ '/v1/admin/me': () => ok(RELEASER), '/v1/admin/releases/status': () => ok(STATUS) });
  renderReleasesPage();
  const row = await screen.findByRole('row', { name: /订单管理/ });
  expect(row).toHaveTextContent('0.1.0');
  expect(row).toHaveTextContent('0.3.0 · 10%');
  expect(row).toHaveTextContent('0.1.0：0.5%（2/400 次加载）');
  expect(row).toHaveTextContent('0.3.0：10.0%（5/50 次加载）');
});

test('a pin asks for a reason, then for a confirmation naming both versions, and only then calls the server', async () => {
  const received = stubApi({
    '/v1/admin/me': () => ok(RELEASER),
    '/v1/admin/releases/status': () => ok(STATUS),
    '/v1/admin/releases/pin': () => ok({ environment: 'production', remote: 'orders', from: '0.1.0', to: '0.3.0' }),
  });
  renderReleasesPage();
  const row = await screen.findByRole('row', { name: /订单管理/ });
  await userEvent.click(within(row).getByRole('button', { name: '固定版本' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: '下一步' }));
  expect(await within(dialog).findByText('请填写原因')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '  退款页改版  ' } });
  await userEvent.click(within(dialog).getByRole('button', { name: '下一步' }));
  expect(await within(dialog).findByText('确认将「订单管理」orders从 0.1.0 固定到 0.3.0？')).toBeInTheDocument();
  expect(received.filter((call) => call.path === '/v1/admin/releases/pin')).toHaveLength(0);
  await userEvent.click(within(dialog).getByRole('button', { name: '确认固定版本' }));
  expect(await screen.findByText('orders 已固定到 0.3.0')).toBeInTheDocument();
  expect(received.filter((call) => call.path === '/v1/admin/releases/pin').map((call) => call.payload)).toEqual([
    expect.objectContaining({ remote: 'orders', version: '0.3.0', env: 'production', reason: '退款页改版' }),
  ]);
});

test('a refusal is shown and nothing is said to have moved', async () => {
  stubApi({
    '/v1/admin/me': () => ok(RELEASER),
    '/v1/admin/releases/status': () => ok(STATUS),
    '/v1/admin/releases/promote': () =>
      fail(409, 'orders 0.3.0 与线上外壳不兼容：antd 构建版本 7.0.0，外壳提供 ^6.6.8'),
  });
  renderReleasesPage();
  const row = await screen.findByRole('row', { name: /订单管理/ });
  await userEvent.click(within(row).getByRole('button', { name: /转\s*正/ }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '灰度一天无异常' } });
  await userEvent.click(within(dialog).getByRole('button', { name: '下一步' }));
  await userEvent.click(await within(dialog).findByRole('button', { name: '确认转正' }));
  expect(
    await screen.findByText('orders 0.3.0 与线上外壳不兼容：antd 构建版本 7.0.0，外壳提供 ^6.6.8'),
  ).toBeInTheDocument();
  expect(screen.queryByText(/已转为固定版本/)).not.toBeInTheDocument();
});

test('只读审计 sees the versions and the history, in Beijing time, and no button that moves anything', async () => {
  stubApi({
    '/v1/admin/me': () => ok(AUDITOR),
    '/v1/admin/releases/status': () => ok(STATUS),
    '/v1/admin/releases/history': () =>
      ok({
        remote: 'orders',
        history: [
          {
            at: '2026-11-24T11:27:05+08:00',
            environment: 'production',
            action: 'pin',
            from: '0.1.0',
            to: '0.3.0',
            actor: 'ci',
            reason: '上线',
          },
        ],
      }),
  });
  renderReleasesPage();
  const row = await screen.findByRole('row', { name: /订单管理/ });
  expect(await screen.findByText(/只读：/)).toBeInTheDocument();
  expect(within(row).queryByRole('button', { name: '固定版本' })).toBeNull();
  expect(within(row).queryByRole('button', { name: /回\s*滚/ })).toBeNull();
  await userEvent.click(within(row).getByRole('button', { name: /历\s*史/ }));
  const history = await screen.findByRole('region', { name: 'orders 发布历史' });
  expect(await within(history).findByText('2026-11-24 11:27:05')).toBeInTheDocument();
});
