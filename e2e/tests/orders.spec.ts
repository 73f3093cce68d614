import { expect, test, type Page } from '@playwright/test';
import { LEARNERS, apiCall, loginWithToken } from './support/accounts';
import { orderRow } from './support/orders';
import { skipTextAdvertisement } from './support/site';

// The home page's text and floating advertisements are public-site.spec.ts's business.
test.beforeEach(({ page }) => skipTextAdvertisement(page));

/**
 * /myOrder, /requestRefund, /requestInvoice against the seeded demo orders of 王芳 (one per
 * state the table can show). Serial: the table is checked first, then single orders are
 * moved on (each test takes an order in its own state, found through the API).
 */
test.describe.configure({ mode: 'serial' });
// Several page loads and a login per test, on a machine the suite shares: room beyond the default 30 s.
test.setTimeout(90_000);

interface OrderRow {
  order_id: string;
  year: number;
  pay_status: number;
  refund_status: number;
  is_receipt: number;
  pay_failure: 'declined' | 'expired' | null;
}

const keyOf = (order: OrderRow) => `${order.pay_status}/${order.refund_status}/${order.is_receipt}`;

/** Spec 02 §4, written out per state: the words in the row and exactly its buttons. */
const EXPECTED: Record<string, { words: string[]; buttons: string[] }> = {
  '1/0/0': { words: ['待支付'], buttons: ['继续支付', '取消订单'] },
  '3/0/0': { words: ['支付失败'], buttons: ['重新支付', '取消订单'] },
  '4/0/0': { words: ['已取消'], buttons: [] },
  '2/0/0': { words: ['已支付'], buttons: ['申请退款', '申请发票'] },
  '2/1/0': { words: ['退款审核中'], buttons: [] },
  '2/2/0': { words: ['退款中'], buttons: [] },
  '2/4/0': { words: ['退款失败'], buttons: ['重新申请退款', '申请发票'] },
  '5/3/0': { words: ['已退款', '退款完成'], buttons: [] },
  '2/0/1': { words: ['发票审核中'], buttons: [] },
  '2/0/2': { words: ['发票开具中'], buttons: [] },
  '2/0/3': { words: ['发票已开具'], buttons: ['下载发票', '重发邮件'] },
  '2/0/4': { words: ['开票失败'], buttons: ['重新申请发票'] },
  '2/4/1': { words: ['退款失败', '发票审核中'], buttons: [] },
  '2/4/2': { words: ['退款失败', '发票开具中'], buttons: [] },
  '2/4/3': { words: ['退款失败', '发票已开具'], buttons: ['下载发票', '重发邮件'] },
  '2/4/4': { words: ['退款失败', '开票失败'], buttons: ['重新申请发票'] },
};

let token: string;

async function wangOrders(): Promise<OrderRow[]> {
  const reply = await apiCall<OrderRow[]>('GET', '/v1/orders', {}, token);
  expect(reply.code).toBe(200);
  return reply.data;
}

/** The study year now, in Beijing: its orders belong to the study feature's demo and are left alone. */
const CURRENT_YEAR = Number(
  new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date()),
);

/** 王芳's order in `state`, of the previous or the make-up year (this spec's demo orders). */
async function orderIn(state: string): Promise<OrderRow> {
  const order = (await wangOrders()).find((row) => keyOf(row) === state && row.year < CURRENT_YEAR);
  if (!order) throw new Error(`王芳 has no order in state ${state}`);
  return order;
}

const rowOf = orderRow;

async function openOrders(page: Page) {
  token = await loginWithToken(page, LEARNERS.wang);
  await page.goto('/myOrder');
  // The first load fetches the shell and the orders remote: allow more than one expect's 10 s.
  await expect(page.getByTestId('page-title')).toHaveText('我的订单', { timeout: 30_000 });
}

test('the order table shows every seeded state in words with exactly the actions it allows', async ({ page }) => {
  await openOrders(page);
  const orders = await wangOrders();
  const seeded = orders.filter((order) => EXPECTED[keyOf(order)]);
  expect(new Set(seeded.map(keyOf))).toEqual(new Set(Object.keys(EXPECTED)));
  for (const order of orders) {
    let expected = EXPECTED[keyOf(order)];
    if (!expected) throw new Error(`unexpected state ${keyOf(order)}`);
    // A failed order that nobody paid before its deadline says so (issue 16 item 17).
    if (order.pay_failure === 'expired') expected = { ...expected, words: ['已过期'] };
    // The current year's order has lessons watched: no refund (spec 01 §4, issue 16 item 6).
    if (order.year === CURRENT_YEAR)
      expected = { ...expected, buttons: expected.buttons.filter((button) => !button.includes('退款')) };
    const row = rowOf(page, order.order_id);
    await expect(row).toHaveCount(1);
    for (const word of expected.words) await expect(row.getByText(word, { exact: true }).first()).toBeVisible();
    const buttons = (await row.getByRole('button').allTextContents()).map((text) => text.replace(/\s+/g, ''));
    expect(buttons, `state ${keyOf(order)}`).toEqual(expected.buttons);
  }
});

test('refund request end to end: the reason is required first, then 已提交 and back to the table', async ({ page }) => {
  await openOrders(page);
  const order = await orderIn('2/0/0');
  await rowOf(page, order.order_id).getByRole('button', { name: '申请退款' }).click();
  await expect(page).toHaveURL(new RegExp(`/requestRefund\\?orderId=${order.order_id}$`));
  const form = page.getByRole('form', { name: '申请退款' });
  await expect(form.getByLabel('订单号')).toHaveValue(order.order_id);
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expect(form.getByText('请输入退款原因')).toBeVisible();
  await form.getByLabel('退款原因').fill('单位已统一缴纳本年度培训费，个人重复购买');
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('退款申请已提交，正在审核中，请耐心等待')).toBeVisible();
  await expect(page).toHaveURL(/\/myOrder$/);
  const row = rowOf(page, order.order_id);
  await expect(row.getByText('退款审核中')).toBeVisible();
  await expect(row.getByRole('button')).toHaveCount(0);
  expect(keyOf((await wangOrders()).find((o) => o.order_id === order.order_id)!)).toBe('2/1/0');
});

test('invoice request end to end: every validation message first, then 提交成功 and back to the table', async ({
  page,
}) => {
  await openOrders(page);
  const order = await orderIn('2/4/0');
  await rowOf(page, order.order_id).getByRole('button', { name: '申请发票' }).click();
  await expect(page).toHaveURL(new RegExp(`/requestInvoice\\?type=1&orderId=${order.order_id}$`));
  const form = page.getByRole('form', { name: '申请发票' });
  // The one invoice kind, chosen already in the browser's own drop-down.
  await expect(form.getByRole('combobox', { name: '发票类型' }).locator('option:checked')).toHaveText(
    '增值税电子普通发票',
  );
  await form.getByText('企业', { exact: true }).click();
  const submit = form.getByRole('button', { name: /提\s*交/ });
  const submitTop = (await submit.boundingBox())?.y;
  await submit.click();
  for (const text of ['请输入发票抬头', '请输入税号', '请输入手机号', '请输入邮箱'])
    await expect(form.getByText(text)).toBeVisible();
  // A problem takes the gap under its row and the email's hint stays under it: nothing moves.
  await expect(form.getByLabel('邮箱')).toHaveAccessibleDescription('请输入邮箱 电子发票将发送至该邮箱');
  expect((await submit.boundingBox())?.y).toBe(submitTop);
  await form.getByLabel('手机号').fill('16612345678');
  await form.getByLabel('邮箱').fill('caiwu@');
  await expect(form.getByText('请输入正确的手机号')).toBeVisible();
  await expect(form.getByText('请输入正确的邮箱')).toBeVisible();
  await form.getByLabel('订单号').fill('A1');
  await expect(form.getByText('订单号只能为数字')).toBeVisible();

  await form.getByLabel('订单号').fill(order.order_id);
  await form.getByLabel('发票抬头').fill('上海市浦东新区人民医院');
  await form.getByLabel('税号').fill('91310115MA1H7ABC3X');
  await form.getByLabel('手机号').fill('13712345678');
  await form.getByLabel('邮箱').fill('caiwu@example.com');
  await form.getByLabel('备注').fill('培训费');
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('提交成功，发票审核中')).toBeVisible();
  await expect(page).toHaveURL(/\/myOrder$/);
  const row = rowOf(page, order.order_id);
  await expect(row.getByText('发票审核中')).toBeVisible();
  await expect(row.getByRole('button')).toHaveCount(0);
});

test('cancel: asks, then 取消成功 and the order shows 已取消 without actions', async ({ page }) => {
  await openOrders(page);
  const order = await orderIn('1/0/0');
  const row = rowOf(page, order.order_id);
  await row.getByRole('button', { name: '取消订单' }).click();
  const dialog = page.getByRole('dialog', { name: '提示' });
  await expect(dialog.getByText('确定要取消该订单吗？')).toBeVisible();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('取消成功')).toBeVisible();
  await expect(row.getByText('已取消')).toBeVisible();
  await expect(row.getByRole('button')).toHaveCount(0);
});

test('repay reaches /pay with the order', async ({ page }) => {
  await openOrders(page);
  const order = await orderIn('3/0/0');
  await rowOf(page, order.order_id).getByRole('button', { name: '重新支付' }).click();
  await expect(page).toHaveURL(new RegExp(`/pay\\?order_id=${order.order_id}$`));
});
