import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { apiCall, apiLogin, loginWithToken } from './support/accounts';
import { orderRow, testIdNumber } from './support/orders';
import { skipTextAdvertisement } from './support/site';
import { DEMO_STAFF, staffApiLogin, staffLoginPage } from './support/staff';
import { baseURL } from './support/environment';

/**
 * 财务 in the console (issue 18): approves a refund and the learner sees 已退款 on /myOrder;
 * issues an invoice and the learner downloads the PDF, whose text is read back (pdftotext).
 * The e2e server runs INVOICE_PROVIDER=sandbox (issue 37): its invoice is 培训费 and marked
 * 测试发票（无效）; the 诺诺 adapter is proven against its protocol simulator in the API test
 * (api/src/invoices/nuonuo/nuonuo-invoices.test.ts) and in the browser on a server of its own
 * (invoices-nuonuo.spec.ts).
 * The learner is new (created through the staff API) so that no other spec's orders move.
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const run = Number(String(Date.now()).slice(-7));
const learner = {
  name: '财务测试',
  idcard: testIdNumber(run, '320104'),
  phone: `135${String(run).padStart(8, '0').slice(-8)}`,
  password: '',
};
const invoiceTitle = '南京市秦淮区康民大药房有限公司';
const taxNumber = '91320104MA1XK7Q23P';
let token = '';
const orders = { refund: '', invoice: '', invoiceAmount: 0 };

interface Course {
  cid: number;
  name: string;
  course_type: number;
  face_to_face: number;
  is_buy: number;
}

/** Orders one course of a make-up year and pays it at the sandbox gateway's QR page, as a phone would. */
async function buyAndPay(year: number, course: Course): Promise<{ orderId: string; amount: number }> {
  const order = await apiCall<{ order_id: string; orderSig: { qrcode_url: string } }>(
    'POST',
    '/v1/order',
    { year, cids: String(course.cid), pay_type: 3 },
    token,
  );
  expect(order.code, order.message).toBe(200);
  const paid = await fetch(`${order.data.orderSig.qrcode_url}/pay`, { method: 'POST' });
  expect(paid.status).toBe(200);
  await expect
    .poll(
      async () =>
        (await apiCall<{ pay_status: number }>('GET', '/v1/order_status', { order_id: order.data.order_id }, token))
          .data.pay_status,
    )
    .toBe(2);
  const rows = await apiCall<{ order_id: string; price: number }[]>('GET', '/v1/orders', {}, token);
  const row = rows.data.find((candidate) => candidate.order_id === order.data.order_id)!;
  return { orderId: order.data.order_id, amount: row.price };
}

test.beforeAll(async () => {
  // 学员管理 creates the learner; the learner buys two courses of a make-up year (free choice) and pays.
  const registrar = await staffApiLogin(DEMO_STAFF.registrar);
  const created = await apiCall<{ initial_password: string }>(
    'POST',
    '/v1/admin/learners/create',
    { name: learner.name, idcard: learner.idcard, phone: learner.phone, certification_type: 2 },
    registrar,
  );
  expect(created.code, created.message).toBe(200);
  learner.password = created.data.initial_password;
  token = await apiLogin(learner.idcard, learner.password);

  const years = await apiCall<{ year: number; is_buxue: number }[]>('GET', '/v1/academic_year', {}, token);
  const makeUp = years.data.find((year) => year.is_buxue === 1)!.year;
  const courses = await apiCall<{ courses: Course[] }>('GET', '/v1/webcourses', { year: makeUp, type: 1 }, token);
  const [first, second] = courses.data.courses.filter(
    (course) => course.course_type === 2 && course.face_to_face === 0 && course.is_buy === 0,
  );
  orders.refund = (await buyAndPay(makeUp, first!)).orderId;
  const invoiced = await buyAndPay(makeUp, second!);
  orders.invoice = invoiced.orderId;
  orders.invoiceAmount = invoiced.amount;

  const refund = await apiCall('POST', '/v1/refund', { order_id: orders.refund, reason: '单位已统一报名' }, token);
  expect(refund.code, refund.message).toBe(200);
  const invoice = await apiCall(
    'POST',
    '/v1/receipt',
    {
      order_id: orders.invoice,
      type: 2,
      invoice_title: invoiceTitle,
      tax_number: taxNumber,
      phone: learner.phone,
      email: 'caiwu@example.com',
    },
    token,
  );
  expect(invoice.code, invoice.message).toBe(200);
});

test('财务 approves the refund; the learner sees 已退款 on /myOrder', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await staffLoginPage(page, DEMO_STAFF.finance);
  await page.getByRole('menuitem', { name: '退款审核' }).click();
  const row = orderRow(page, orders.refund);
  await expect(row).toContainText(learner.name);
  await expect(row).toContainText('单位已统一报名');
  await row.getByRole('button', { name: /^通\s*过$/ }).click();
  await page.getByRole('button', { name: '通过并退款' }).click();
  await expect(page.getByText(new RegExp(`订单 ${orders.refund}：`))).toBeVisible();
  // The queue shows requests under review: the approved one has left it.
  await expect(row).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('refund-approved-1440.png') });

  const context = await browser.newContext();
  const learnerPage = await context.newPage();
  await skipTextAdvertisement(learnerPage);
  await loginWithToken(learnerPage, learner);
  await learnerPage.goto('/myOrder');
  const mine = orderRow(learnerPage, orders.refund);
  await expect(mine.getByText('已退款', { exact: true })).toBeVisible();
  await expect(mine.getByRole('button')).toHaveCount(0);
  await context.close();
});

test('财务 issues the invoice; the learner downloads the PDF and its text names the title, tax number, amount and item', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await staffLoginPage(page, DEMO_STAFF.finance);
  await page.getByRole('menuitem', { name: '发票开具' }).click();
  const row = orderRow(page, orders.invoice);
  await expect(row).toContainText(invoiceTitle);
  await expect(row).toContainText(taxNumber);
  await row.getByRole('button', { name: /^开\s*具$/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /^开\s*具$/ })
    .click();
  const issued = page.getByText(/^已开具发票 \S+$/);
  await expect(issued).toBeVisible();
  const invoiceNo = ((await issued.textContent()) ?? '').replace('已开具发票 ', '');
  // Issued, it leaves the 待审核 list.
  await expect(row).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('invoice-issued-1280.png') });

  const context = await browser.newContext({ acceptDownloads: true });
  const learnerPage = await context.newPage();
  await skipTextAdvertisement(learnerPage);
  await loginWithToken(learnerPage, learner);
  await learnerPage.goto('/myOrder');
  const mine = orderRow(learnerPage, orders.invoice);
  await expect(mine.getByText('发票已开具')).toBeVisible();
  const download = learnerPage.waitForEvent('download');
  await mine.getByRole('button', { name: '下载发票' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`发票-${invoiceNo}.pdf`);
  const text = execFileSync('pdftotext', [await file.path(), '-'], { encoding: 'utf8' });
  expect(text).toContain('电子普通发票');
  expect(text).toContain(invoiceNo);
  expect(text).toContain(invoiceTitle);
  expect(text).toContain(taxNumber);
  // The invoice's line is the configured one (INVOICE_LINE_NAME, 培训费), not the course.
  expect(text).toContain('培训费');
  expect(text).toContain('测试发票（无效）');
  expect(text).toContain(`¥${orders.invoiceAmount.toFixed(2)}`);
  await context.close();
});

test('the issued invoice is mailed (the development mail outbox); the learner has it sent again; 财务 reads its mails', async ({
  page,
  browser,
}) => {
  // The mail-send job runs each minute, and at once after a resend.
  const outbox = async () =>
    (
      (await (await fetch(`${baseURL}/dev/mail-outbox?to=caiwu%40example.com`)).json()) as {
        messages: { subject: string; body: string; attachments: string[] }[];
      }
    ).messages;
  const context = await browser.newContext();
  const learnerPage = await context.newPage();
  await skipTextAdvertisement(learnerPage);
  await loginWithToken(learnerPage, learner);
  await learnerPage.goto('/myOrder');
  const mine = orderRow(learnerPage, orders.invoice);
  const before = (await outbox()).length;
  await mine.getByRole('button', { name: '重发邮件' }).click();
  await expect(learnerPage.getByText('发票已重新发送至 caiwu@example.com')).toBeVisible();
  await expect.poll(async () => (await outbox()).length, { timeout: 70_000 }).toBeGreaterThan(before);
  const [latest] = await outbox();
  expect(latest!.subject).toContain('电子发票已开具');
  expect(latest!.body).toContain(orders.invoice);
  expect(latest!.attachments[0]).toMatch(/^电子发票-.+\.pdf$/);
  await context.close();

  await page.setViewportSize({ width: 1280, height: 900 });
  await staffLoginPage(page, DEMO_STAFF.finance);
  await page.getByRole('menuitem', { name: '发票开具' }).click();
  // The queue opens on 待审核; the issued ones are one filter away.
  await page.getByRole('combobox', { name: '状态' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '已开具' }).first().click();
  await page.getByRole('button', { name: /^查\s*询$/ }).click();
  const row = orderRow(page, orders.invoice);
  await row.getByRole('button', { name: '发票邮件' }).click();
  const mails = page.getByRole('table', { name: '发票邮件' });
  await expect(mails).toContainText('caiwu@example.com');
  await expect(mails).toContainText('已发送');
  await page.screenshot({ path: test.info().outputPath('invoice-mails-1280.png') });
});
