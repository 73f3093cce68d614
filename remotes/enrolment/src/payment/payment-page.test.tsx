import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fail, ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import PaymentPage from './payment-page';
import { PENDING_ORDER_KEY, readPendingOrder, savePendingOrder } from './pending-order';
import { PAYMENT_NOTES } from './payment-texts';

function renderPay(path = '/pay') {
  render(
    <Provider store={createTestStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/pay" element={<PaymentPage />} />
          <Route path="/myCourse" element={<p>我的课程页</p>} />
          <Route path="/signStudy" element={<p>选课页</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

const stored = {
  year: 2025,
  cids: '1,2',
  type: 1,
  price: 300,
  order_id: '',
  courses: [
    { cid: 1, name: '药事法规' },
    { cid: 2, name: '处方审核' },
  ],
};

beforeAll(() => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
beforeEach(() => localStorage.clear());
afterEach(() => act(() => message.destroy()));

test('shows the stored order: year, order name, details, QR as the default method, price and the four notes', async () => {
  savePendingOrder(stored);
  stubApi({ '/v1/replaceable_orders': () => ok([]) });
  renderPay();
  expect(screen.getByText('2025')).toBeInTheDocument();
  expect(screen.getByText('2025年远程年度培训订单')).toBeInTheDocument();
  expect(screen.getByText('¥300.00')).toBeInTheDocument();
  for (const note of PAYMENT_NOTES) expect(screen.getByText(note)).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: '微信支付（扫码）' })).toBeChecked();
  await userEvent.click(screen.getByRole('button', { name: '查看详情' }));
  expect(await screen.findByText('已购课程列表')).toBeInTheDocument();
  expect(screen.getByText('处方审核')).toBeInTheDocument();
});

test('QR: the order is created with pay_type 3, the code appears after 1 s, polling every 3 s ends in 支付成功 and /myCourse', async () => {
  savePendingOrder(stored);
  let polls = 0;
  const received = stubApi({
    '/v1/replaceable_orders': () => ok([]),
    '/v1/order': () =>
      ok({
        order_id: '2025061610000012345601',
        orderSig: { qrcode_url: 'http://site.test/sandbox-pay/qr/abc' },
        price: 300,
        expires_at: '',
        replaced_orders: [],
      }),
    '/v1/order_status': () => {
      polls += 1;
      return ok({
        order_id: '2025061610000012345601',
        pay_status: polls < 2 ? 1 : 2,
        year: 2025,
        order_name: '',
        price: 300,
        pay_type: 3,
        pay_deadline: '',
        pay_failure: null,
      });
    },
  });
  renderPay();
  await userEvent.click(screen.getByRole('button', { name: /确认支付/ }));
  expect(await screen.findByText('请使用微信扫描二维码完成支付，二维码有效期为5分钟')).toBeInTheDocument();
  expect(received.find((c) => c.path === '/v1/order')?.payload).toMatchObject({
    year: 2025,
    cids: '1,2',
    price: 300,
    order_id: '',
    pay_type: 3,
  });
  expect(readPendingOrder()?.order_id).toBe('2025061610000012345601');
  await waitFor(() => expect(document.querySelector('canvas')).not.toBeNull(), { timeout: 2000 });
  expect(document.querySelector('canvas')).toHaveAttribute('width', '200');
  expect(await screen.findByText('支付成功', undefined, { timeout: 8000 })).toBeInTheDocument();
  expect(polls).toBe(2);
  expect(await screen.findByText('我的课程页', undefined, { timeout: 4000 })).toBeInTheDocument();
  // Where she lands, 支付成功 is still on screen.
  expect(screen.getByText('支付成功')).toBeInTheDocument();
  expect(localStorage.getItem(PENDING_ORDER_KEY)).toBeNull();
});

test('status 3 says 支付失败，请刷新重试 and polling stops', async () => {
  savePendingOrder(stored);
  let polls = 0;
  stubApi({
    '/v1/replaceable_orders': () => ok([]),
    '/v1/order': () =>
      ok({
        order_id: '1',
        orderSig: { qrcode_url: 'http://site.test/q' },
        price: 300,
        expires_at: '',
        replaced_orders: [],
      }),
    '/v1/order_status': () => {
      polls += 1;
      return ok({
        order_id: '1',
        pay_status: 3,
        year: 2025,
        order_name: '',
        price: 300,
        pay_type: 3,
        pay_deadline: '',
        pay_failure: null,
      });
    },
  });
  renderPay();
  await userEvent.click(screen.getByRole('button', { name: /确认支付/ }));
  expect(await screen.findByText('支付失败，请刷新重试', undefined, { timeout: 5000 })).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 3500));
  expect(polls).toBe(1);
});

test('a failed order creation only stops the loading indicator', async () => {
  savePendingOrder(stored);
  stubApi({
    '/v1/replaceable_orders': () => ok([]),
    '/v1/order': () => fail(400, '课程价格已变化，请返回选课页面重新确认'),
  });
  renderPay();
  const button = screen.getByRole('button', { name: /确认支付/ });
  await userEvent.click(button);
  expect(await screen.findByText('课程价格已变化，请返回选课页面重新确认')).toBeInTheDocument();
  await waitFor(() => expect(button).not.toHaveClass('ant-btn-loading'));
  expect(screen.queryByText(/二维码有效期/)).not.toBeInTheDocument();
});

test('/pay?order_id= loads an existing order (continue pay / repay from the order table)', async () => {
  stubApi({
    '/v1/order_status': () =>
      ok({
        order_id: '77',
        pay_status: 3,
        year: 2024,
        order_name: '2024年远程年度培训订单',
        price: 180,
        pay_type: 3,
        pay_deadline: '',
        pay_failure: null,
      }),
    '/v1/order_detail': () => ok([{ cid: 5, name: '抗菌药物', class_hour: 6, credit: 2, price: 30 }]),
  });
  renderPay('/pay?order_id=77');
  expect(await screen.findByText('2024年远程年度培训订单')).toBeInTheDocument();
  expect(screen.getByText('¥180.00')).toBeInTheDocument();
  expect(readPendingOrder()).toMatchObject({ order_id: '77', year: 2024, cids: '5' });
});

test('no order to pay: says so and leads to course selection', async () => {
  stubApi({});
  renderPay();
  expect(screen.getByText('暂无待支付的订单，请先选课报名')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /去选课/ }));
  expect(screen.getByText('选课页')).toBeInTheDocument();
});

test('a new order says first which unpaid orders of the year it will cancel, and afterwards which it replaced', async () => {
  savePendingOrder(stored);
  const received = stubApi({
    '/v1/replaceable_orders': () =>
      ok([
        {
          order_id: '202501',
          order_name: '2025年远程年度培训订单',
          price: 240,
          pay_status: 3,
          pay_failure: 'expired',
          create_time: '2025-06-01 09:00:00',
        },
      ]),
    '/v1/order': () =>
      ok({
        order_id: '202502',
        orderSig: { qrcode_url: 'http://site.test/q' },
        price: 300,
        expires_at: '',
        replaced_orders: ['202501'],
      }),
    '/v1/order_status': () =>
      ok({
        order_id: '202502',
        pay_status: 1,
        year: 2025,
        order_name: '',
        price: 300,
        pay_type: 3,
        pay_deadline: '',
        pay_failure: null,
      }),
  });
  renderPay();
  expect(
    await screen.findByText(
      /您在2025年度还有未完成支付的订单（订单号：202501）。确认支付后将按本次选课生成新订单，原订单将自动取消/,
    ),
  ).toBeInTheDocument();
  expect(received.find((c) => c.path === '/v1/replaceable_orders')?.payload).toMatchObject({ year: 2025 });
  await userEvent.click(screen.getByRole('button', { name: /确认支付/ }));
  expect(
    await screen.findByText('原订单（订单号：202501）已取消，由本订单（订单号：202502）代替。'),
  ).toBeInTheDocument();
  expect(screen.queryByText(/您在2025年度还有未完成支付的订单/)).not.toBeInTheDocument();
});

test('an expired order from the order table says it expired and can be paid again', async () => {
  stubApi({
    '/v1/order_status': () =>
      ok({
        order_id: '77',
        pay_status: 3,
        year: 2024,
        order_name: '2024年远程年度培训订单',
        price: 180,
        pay_type: 3,
        pay_deadline: '',
        pay_failure: 'expired',
      }),
    '/v1/order_detail': () => ok([{ cid: 5, name: '抗菌药物', class_hour: 6, credit: 2, price: 30 }]),
  });
  renderPay('/pay?order_id=77');
  expect(
    await screen.findByText(/该订单超过支付期限（5分钟）未完成支付，已过期。点击“确认支付”即可重新支付/),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /确认支付/ })).toBeEnabled();
});
