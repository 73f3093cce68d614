import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import { ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { RefundRequeryButton } from './refund-requery';

afterEach(() => act(() => message.destroy()));

test('再次查询 asks the gateway about the refund and shows its answer', async () => {
  const calls = stubApi({
    '/v1/admin/refunds/requery': () => ok({ outcome: 'refunded', message: '已退款（渠道退款号 R1），撤销课程 2 门' }),
  });
  render(
    <Provider store={createTestStore()}>
      <RefundRequeryButton orderNo="202508005806" />
    </Provider>,
  );
  await userEvent.click(screen.getByRole('button', { name: '再次查询订单 202508005806 的退款' }));
  expect(await screen.findByText('渠道答复：已退款（渠道退款号 R1），撤销课程 2 门')).toBeInTheDocument();
  expect(calls.find((call) => call.path === '/v1/admin/refunds/requery')?.payload).toMatchObject({
    order_no: '202508005806',
  });
});
