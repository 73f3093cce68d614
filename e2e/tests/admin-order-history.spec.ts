import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiCall } from './support/accounts';
import { orderRow } from './support/orders';
import { DEMO_STAFF, openConsoleAs, staffApiLogin } from './support/staff';

/**
 * 订单查询's order drawer shows finance the whole order of a paid demo order: the payment
 * attempt and the notification that settled it, the refund with its outcome and refund numbers,
 * the invoice with its number and the issued PDF. Read only: the demo orders keep their states
 * for the other specs (approving the demo refund and 再次查询 are api/src/finance/order-history.test.ts).
 */
test.setTimeout(120_000);

interface SearchRow {
  order_no: string;
  pay_status: number;
  refund_status: number;
  is_receipt: number;
}

async function wangOrders(): Promise<SearchRow[]> {
  const token = await staffApiLogin(DEMO_STAFF.finance);
  const found = await apiCall<{ list: SearchRow[] }>('GET', '/v1/admin/orders', { learner: '王芳', size: 100 }, token);
  expect(found.code, found.message).toBe(200);
  return found.data.list;
}

async function openDrawer(page: Page, orderNo: string) {
  await page.getByRole('form', { name: '筛选' }).getByLabel('商户订单号').fill(orderNo);
  await page
    .getByRole('form', { name: '筛选' })
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await orderRow(page, orderNo)
    .getByRole('button', { name: /查\s*看/ })
    .click();
  const drawer = page.getByRole('dialog', { name: `订单 ${orderNo}` });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('the order drawer shows attempts, notifications, the refund and the invoice with its PDF', async ({ page }) => {
  const orders = await wangOrders();
  const refunded = orders.find((row) => row.refund_status === 3)!;
  const invoiced = orders.find((row) => row.is_receipt === 3)!;
  await openConsoleAs(page, DEMO_STAFF.finance, '/admin/orders');

  const drawer = await openDrawer(page, refunded.order_no);
  const section = (title: string) =>
    drawer.getByRole('heading', { name: title }).locator('xpath=following-sibling::*[1]');
  await expect(section('支付尝试').getByRole('row')).toHaveCount(2);
  await expect(section('支付尝试')).toContainText('已支付');
  await expect(section('支付尝试')).toContainText(`${refunded.order_no}01`);
  await expect(section('支付通知')).toContainText('支付成功');
  await expect(section('支付通知')).toContainText('已入账');
  await expect(section('退款')).toContainText('已退款');
  await expect(section('退款')).toContainText(new RegExp(`${refunded.order_no}R\\d+`));
  await expect(section('退款')).toContainText(/R\d+R\d+/);
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`order-drawer-refund-${width}.png`) });
  }
  await page.keyboard.press('Escape');

  const invoiceDrawer = await openDrawer(page, invoiced.order_no);
  const invoiceSection = invoiceDrawer.getByRole('heading', { name: '发票' }).locator('xpath=following-sibling::*[1]');
  await expect(invoiceSection).toContainText('已开具');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    invoiceSection.getByRole('button', { name: '查看PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^发票-.+\.pdf$/);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`order-drawer-invoice-${width}.png`) });
  }
});
