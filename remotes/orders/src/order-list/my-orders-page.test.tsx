import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { fail, ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import type { OrderRow } from '@yaoshi/contracts/orders';
import { orderActionsOf, type OrderState, type RefundConditions } from '@yaoshi/contracts/order-states';
import { renderPage } from '../testing/render-page';
import MyOrdersPage from './my-orders-page';

afterEach(() => act(() => message.destroy()));

/** A row as the server sends it: its actions by the shared rule, refund still allowed unless told. */
const row = (
  order_id: string,
  pay_status: number,
  refund_status = 0,
  is_receipt = 0,
  conditions: RefundConditions = REFUND_OPEN,
): OrderRow => {
  const state = { pay_status, refund_status, is_receipt } as OrderState;
  return {
    order_id,
    order_name: '2025年远程年度培训订单',
    year: 2025,
    price: 180,
    pay_type: 3,
    ...state,
    pay_failure: pay_status === 3 ? 'declined' : null,
    education_type: 1,
    create_time: '2025-06-01 09:00:00',
    actions: orderActionsOf(state, conditions),
  };
};
const REFUND_OPEN: RefundConditions = { withinRefundWindow: true, learningBegun: false };

/** Each state with the words shown and exactly the buttons spec 02 §4 gives it. */
const CASES: [OrderRow, string[], string[]][] = [
  [row('101', 1), ['待支付', '未申请', '未申请'], ['继续支付', '取消订单']],
  [row('102', 3), ['支付失败'], ['重新支付', '取消订单']],
  [row('103', 4), ['已取消'], []],
  [row('104', 2), ['已支付'], ['申请退款', '申请发票']],
  [row('105', 2, 1), ['退款审核中'], []],
  [row('106', 2, 2), ['退款中'], []],
  [row('107', 2, 4), ['退款失败'], ['重新申请退款', '申请发票']],
  [row('108', 5, 3), ['已退款', '退款完成'], []],
  [row('109', 2, 0, 1), ['发票审核中'], []],
  [row('110', 2, 0, 2), ['发票开具中'], []],
  [row('111', 2, 0, 3), ['发票已开具'], ['下载发票', '重发邮件']],
  [row('112', 2, 0, 4), ['开票失败'], ['重新申请发票']],
  [row('113', 2, 4, 4), ['退款失败', '开票失败'], ['重新申请发票']],
  // The server's word on the refund notes: a month after payment, or learning begun.
  [row('114', 2, 0, 0, { withinRefundWindow: false, learningBegun: false }), ['已支付'], ['申请发票']],
  [row('115', 2, 4, 0, { withinRefundWindow: true, learningBegun: true }), ['退款失败'], ['申请发票']],
  [{ ...row('116', 3), pay_failure: 'expired' }, ['已过期'], ['重新支付', '取消订单']],
];

function rowOf(orderId: string): HTMLElement {
  return screen.getByRole('cell', { name: orderId }).closest('tr') as HTMLElement;
}

function buttonsOf(orderId: string): string[] {
  return within(rowOf(orderId))
    .queryAllByRole('button')
    .map((button) => (button.textContent ?? '').replace(/\s+/g, ''));
}

test('every state in words, with exactly the actions it allows', async () => {
  stubApi({ '/v1/orders': () => ok(CASES.map(([order]) => order)) });
  renderPage(<MyOrdersPage />, '/myOrder', '/studentsNote');
  await screen.findByRole('cell', { name: '101' });
  for (const [order, words, actions] of CASES) {
    for (const word of words) expect(within(rowOf(order.order_id)).getAllByText(word).length).toBeGreaterThan(0);
    expect(buttonsOf(order.order_id)).toEqual(actions);
  }
  expect(within(rowOf('101')).getByText('180.00')).toBeInTheDocument();
  expect(within(rowOf('101')).getByText('微信支付')).toBeInTheDocument();
});

test('continue pay and repay go to /pay with the order; refund and invoice open their forms', async () => {
  stubApi({ '/v1/orders': () => ok([row('101', 1), row('102', 3), row('104', 2), row('112', 2, 0, 4)]) });
  const cases: [string, RegExp, string][] = [
    ['101', /继续支付/, '/pay?order_id=101'],
    ['102', /重新支付/, '/pay?order_id=102'],
    ['104', /申请退款/, '/requestRefund?orderId=104'],
    ['104', /申请发票/, '/requestInvoice?type=1&orderId=104'],
    ['112', /重新申请发票/, '/requestInvoice?type=2&orderId=112'],
  ];
  for (const [orderId, label, target] of cases) {
    const view = renderPage(<MyOrdersPage />, '/myOrder', '/studentsNote');
    await screen.findByRole('cell', { name: orderId });
    await userEvent.click(within(rowOf(orderId)).getByRole('button', { name: label }));
    expect(screen.getByTestId('location')).toHaveTextContent(target);
    view.unmount();
  }
});

test('cancel asks first; confirmed, it cancels, says 取消成功 and shows 已取消', async () => {
  let cancelled = false;
  const received = stubApi({
    '/v1/orders': () => ok([row('101', cancelled ? 4 : 1)]),
    '/v1/cancel': () => {
      cancelled = true;
      return ok(null);
    },
  });
  renderPage(<MyOrdersPage />, '/myOrder', '/studentsNote');
  await screen.findByRole('cell', { name: '101' });
  await userEvent.click(within(rowOf('101')).getByRole('button', { name: /取消订单/ }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('确定要取消该订单吗？')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
  expect(received.some((call) => call.path === '/v1/cancel')).toBe(false);

  await userEvent.click(within(rowOf('101')).getByRole('button', { name: /取消订单/ }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
  expect(await screen.findByText('取消成功')).toBeInTheDocument();
  expect(received.find((call) => call.path === '/v1/cancel')?.payload).toMatchObject({ order_id: '101' });
  await waitFor(() => expect(within(rowOf('101')).getByText('已取消')).toBeInTheDocument());
  expect(buttonsOf('101')).toEqual([]);
});

test('a refused cancel shows the server reason only', async () => {
  stubApi({ '/v1/orders': () => ok([row('101', 1)]), '/v1/cancel': () => fail(409, '订单已支付，不能取消') });
  renderPage(<MyOrdersPage />, '/myOrder', '/studentsNote');
  await screen.findByRole('cell', { name: '101' });
  await userEvent.click(within(rowOf('101')).getByRole('button', { name: /取消订单/ }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
  expect(await screen.findByText('订单已支付，不能取消')).toBeInTheDocument();
  expect(screen.queryByText('取消成功')).not.toBeInTheDocument();
});

test('重发邮件 mails the issued invoice again and says where; a refusal (too often) shows the server reason', async () => {
  let calls = 0;
  stubApi({
    '/v1/orders': () => ok([row('111', 2, 0, 3)]),
    '/v1/invoice_mail': () =>
      (calls += 1) === 1 ? ok({ to: 'invoice@example.com' }) : fail(429, '发票邮件发送过于频繁，请58分钟后再试'),
  });
  renderPage(<MyOrdersPage />, '/myOrder', '/studentsNote');
  await screen.findByRole('cell', { name: '111' });
  await userEvent.click(within(rowOf('111')).getByRole('button', { name: '重发邮件' }));
  expect(await screen.findByText('发票已重新发送至 invoice@example.com')).toBeInTheDocument();
  await userEvent.click(await within(rowOf('111')).findByRole('button', { name: '重发邮件' }));
  expect(await screen.findByText('发票邮件发送过于频繁，请58分钟后再试')).toBeInTheDocument();
});

test('no orders: 暂无数据', async () => {
  stubApi({ '/v1/orders': () => ok([]) });
  renderPage(<MyOrdersPage />, '/myOrder', '/studentsNote');
  expect(await screen.findByText('暂无数据')).toBeInTheDocument();
});

test("a rejected refund shows 财务's reason in its row, and only there", async () => {
  const reason = '课程已开始学习，不符合退款条件';
  stubApi({
    '/v1/orders': () => ok([{ ...row('201', 2, 4), refund_note: reason }, row('202', 2, 1)]),
  });
  renderPage(<MyOrdersPage />, '/myOrder', '/studentsNote');
  await screen.findByRole('cell', { name: '201' });
  expect(within(rowOf('201')).getByText('退款失败')).toBeInTheDocument();
  expect(within(rowOf('201')).getByTestId('refund-note')).toHaveTextContent(`原因：${reason}`);
  expect(within(rowOf('202')).queryByTestId('refund-note')).toBeNull();
  expect(screen.getAllByText(new RegExp(reason))).toHaveLength(1);
});
