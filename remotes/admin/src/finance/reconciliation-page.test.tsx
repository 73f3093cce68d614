import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import type { ReconciliationReport } from '@yaoshi/contracts/finance-admin';
import { fail, ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { ReconciliationPage } from './reconciliation-page';

afterEach(() => act(() => message.destroy()));

const REPORT: ReconciliationReport = {
  day: '2026-11-24',
  runs: [{ provider: 'wechat', bill_payments: 12, bill_refunds: 1, differences: 2, ran_at: '2026-11-25 09:00:00' }],
  differences: [
    {
      provider: 'wechat',
      kind: 'money_without_order',
      kind_text: '有款无单',
      merchant_no: 'M202611240001',
      order_no: null,
      provider_trade_no: '4200001234',
      bill_amount: 240,
      our_amount: null,
    },
    {
      provider: 'wechat',
      kind: 'amount_differs',
      kind_text: '金额不符',
      merchant_no: 'M202611240002',
      order_no: 'O202611240002',
      provider_trade_no: '4200001235',
      bill_amount: 120,
      our_amount: 240,
    },
  ],
  late_refunds: [],
  file_name: '对账-2026-11-24.xlsx',
  xlsx_base64: '',
};

function renderPage() {
  return render(
    <Provider store={createTestStore()}>
      <ReconciliationPage />
    </Provider>,
  );
}

test("the day's run, each difference with both amounts, and an empty late-refund table", async () => {
  stubApi({ '/v1/admin/finance/reconciliation': () => ok(REPORT) });
  renderPage();
  expect(
    await screen.findByText('wechat：账单收款 12 笔，退款 1 笔，差异 2 笔（2026-11-25 09:00:00 对账）'),
  ).toBeVisible();
  const differences = screen.getByRole('table', { name: '对账差异' });
  const missing = await within(differences).findByRole('row', { name: /M202611240001/ });
  expect(missing).toHaveTextContent('有款无单');
  expect(missing).toHaveTextContent('240.00');
  expect(within(differences).getByRole('row', { name: /M202611240002/ })).toHaveTextContent('120.00240.00');
  expect(within(screen.getByRole('table', { name: '自动退款' })).getByText('暂无数据')).toBeVisible();
});

test('a failed load says so and offers 重试, which asks again', async () => {
  let calls = 0;
  stubApi({
    '/v1/admin/finance/reconciliation': () => {
      calls += 1;
      return calls === 1 ? fail(500, '服务器繁忙') : ok(REPORT);
    },
  });
  renderPage();
  const retry = (await screen.findAllByRole('button', { name: /重\s*试/ }))[0]!;
  expect(screen.getAllByText('加载失败').length).toBeGreaterThan(0);
  await userEvent.click(retry);
  expect(await screen.findByRole('row', { name: /M202611240001/ })).toBeVisible();
});
