import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { fail, ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { renderPage } from '../testing/render-page';
import RefundRequestPage from './refund-request-page';

afterEach(() => act(() => message.destroy()));

/** Sets a field at once (typing key by key into antd inputs is slow in jsdom). */
const fill = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });
const submit = (form: HTMLElement) => userEvent.click(within(form).getByRole('button', { name: /提\s*交/ }));

test('validation first: reason required, order number digits only; then the request, the message, and back one page', async () => {
  const received = stubApi({ '/v1/refund': () => ok(null) });
  renderPage(<RefundRequestPage />, '/requestRefund?orderId=2024080058');
  const form = screen.getByRole('form', { name: '申请退款' });
  expect(within(form).getByLabelText('订单号')).toHaveValue('2024080058');
  await submit(form);
  expect(await within(form).findByText('请输入退款原因')).toBeInTheDocument();
  fill(form, '订单号', '');
  fill(form, '订单号', '2024A');
  expect(await within(form).findByText('订单号只能为数字')).toBeInTheDocument();
  fill(form, '订单号', '');
  expect(await within(form).findByText('请输入订单号')).toBeInTheDocument();
  expect(received).toHaveLength(0);

  fill(form, '订单号', '2024080058');
  fill(form, '退款原因', '  单位已统一缴费  ');
  await submit(form);
  expect(await screen.findByText('退款申请已提交，正在审核中，请耐心等待')).toBeInTheDocument();
  expect(received.map((call) => [call.method, call.path, call.payload.order_id, call.payload.reason])).toEqual([
    ['POST', '/v1/refund', '2024080058', '单位已统一缴费'],
  ]);
  expect(screen.getByTestId('location')).toHaveTextContent('/myOrder');
});

test('a refusal shows the server reason and keeps the form', async () => {
  stubApi({ '/v1/refund': () => fail(400, '支付已超过一个月，不能申请退款') });
  renderPage(<RefundRequestPage />, '/requestRefund?orderId=12');
  const form = screen.getByRole('form', { name: '申请退款' });
  fill(form, '退款原因', '重复购买');
  await submit(form);
  expect(await screen.findByText('支付已超过一个月，不能申请退款')).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/requestRefund?orderId=12');
  expect(within(form).getByLabelText('退款原因')).toHaveValue('重复购买');
});
