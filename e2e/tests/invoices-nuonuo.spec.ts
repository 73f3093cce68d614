import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { STAFF_TOKEN_KEY } from '@yaoshi/api-client/staff-session';
import {
  startNuonuoSimulator,
  type NuonuoCredentials,
  type NuonuoSimulator,
} from '../../api/src/invoices/nuonuo/nuonuo-simulator';
import { startSmtpReceiver, type SmtpReceiver } from '../../api/src/test-support/smtp-receiver';
import { LEARNERS, apiCall, apiLogin, loginWithToken } from './support/accounts';
import { orderRow } from './support/orders';
import { startOwnSite, type OwnSite } from './support/own-server';
import { skipTextAdvertisement } from './support/site';
import { DEMO_STAFF, totpNow } from './support/staff';

/**
 * Issue 37 in the browser with INVOICE_PROVIDER=nuonuo: a server of its own configured as an
 * association would (诺诺 credentials in files, NUONUO_BASE_URL, SMTP_URL), against the 诺诺
 * protocol simulator (signatures checked, 开票中 before the final answer) and a real SMTP
 * server (smtp-server) on loopback. 财务 approves in 发票开具 → 开具中 → the poll job reads
 * 诺诺's result → 已开具 with 诺诺's number → the invoice mail arrives with 诺诺's PDF → the
 * learner downloads the same PDF in 我的订单. Its own data folder: nothing of the shared
 * server moves, and the shared server stays on the sandbox provider.
 */
const PORT = Number(process.env.E2E_INVOICE_PORT ?? 18094);
const SITE = `http://localhost:${PORT}`;
const CREDENTIALS: NuonuoCredentials = {
  appKey: 'SD63236305',
  appSecret: 'SDDED2523BED4643',
  accessToken: 'e2e0b1c2d3e4f5a6b7c8d9e0f1a2b3c4',
  taxNumber: '339902999999789113',
};
const learner = LEARNERS.li;
const invoiceTitle = '南京市鼓楼区仁心大药房有限公司';
const taxNumber = '91320106MA1YX3K27Q';
const email = 'nuonuo-e2e@example.com';

let simulator: NuonuoSimulator;
let smtp: SmtpReceiver;
let site: OwnSite | undefined;
let orderId = '';

test.use({ baseURL: SITE });
test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

interface Course {
  cid: number;
  course_type: number;
  face_to_face: number;
  is_buy: number;
}

/** 李华 orders one elective of the make-up year, pays at the sandbox gateway and asks for an enterprise invoice. */
async function paidOrderWithInvoiceRequest(): Promise<string> {
  const token = await apiLogin(learner.idcard, learner.password, SITE);
  const years = await apiCall<{ year: number; is_buxue: number }[]>('GET', '/v1/academic_year', {}, token, SITE);
  const makeUp = years.data.find((year) => year.is_buxue === 1)!.year;
  const courses = await apiCall<{ courses: Course[] }>('GET', '/v1/webcourses', { year: makeUp, type: 1 }, token, SITE);
  const course = courses.data.courses.find((c) => c.course_type === 2 && c.face_to_face === 0 && c.is_buy === 0)!;
  const order = await apiCall<{ order_id: string; orderSig: { qrcode_url: string } }>(
    'POST',
    '/v1/order',
    { year: makeUp, cids: String(course.cid), pay_type: 3 },
    token,
    SITE,
  );
  expect(order.code, order.message).toBe(200);
  expect((await fetch(`${order.data.orderSig.qrcode_url}/pay`, { method: 'POST' })).status).toBe(200);
  await expect
    .poll(
      async () =>
        (
          await apiCall<{ pay_status: number }>(
            'GET',
            '/v1/order_status',
            { order_id: order.data.order_id },
            token,
            SITE,
          )
        ).data.pay_status,
    )
    .toBe(2);
  const receipt = await apiCall(
    'POST',
    '/v1/receipt',
    {
      order_id: order.data.order_id,
      type: 2,
      invoice_title: invoiceTitle,
      tax_number: taxNumber,
      phone: learner.phone,
      email,
    },
    token,
    SITE,
  );
  expect(receipt.code, receipt.message).toBe(200);
  return order.data.order_id;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  simulator = await startNuonuoSimulator(CREDENTIALS);
  smtp = await startSmtpReceiver();
  // (Each credential file ends in a newline, as a file written by hand does.)
  site = await startOwnSite('nuonuo', PORT, (file) => ({
    INVOICE_PROVIDER: 'nuonuo',
    NUONUO_APP_KEY_FILE: file('app-key', `${CREDENTIALS.appKey}\n`),
    NUONUO_APP_SECRET_FILE: file('app-secret', `${CREDENTIALS.appSecret}\n`),
    NUONUO_ACCESS_TOKEN_FILE: file('access-token', `${CREDENTIALS.accessToken}\n`),
    NUONUO_TAX_NUMBER_FILE: file('tax-number', `${CREDENTIALS.taxNumber}\n`),
    NUONUO_BASE_URL: simulator.baseUrl,
    NUONUO_SELLER_PHONE: '025-88888888',
    NUONUO_SELLER_ADDRESS: '南京市鼓楼区中山路 1 号',
    NUONUO_CLERK: '王会计',
    // 诺诺 answers 开票中 first; the poll job asks again after a second, not the default 30.
    INVOICE_POLL_SECONDS: '1',
    SMTP_URL: smtp.url,
    MAIL_FROM: '省药师协会 <noreply@example.org>',
  }));
  orderId = await paidOrderWithInvoiceRequest();
});

test.afterAll(async () => {
  await site?.stop();
  await simulator?.close();
  await smtp?.close();
});

test('财务 approves → 开具中 → issued by 诺诺 → the invoice mail arrives → the learner downloads 诺诺’s PDF', async ({
  page,
  browser,
}) => {
  // 财务 signs in through the API of this server (a fresh one: the code is unused here).
  const login = await apiCall<{ token: string }>(
    'POST',
    '/v1/admin/login',
    {
      username: DEMO_STAFF.finance.username,
      password: DEMO_STAFF.finance.password,
      otp: totpNow(DEMO_STAFF.finance.secret),
    },
    null,
    SITE,
  );
  expect(login.code, login.message).toBe(200);
  await page.addInitScript(
    ([key, value]) => window.sessionStorage.setItem(key!, value!),
    [STAFF_TOKEN_KEY, login.data.token],
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/invoices');
  const row = orderRow(page, orderId);
  await expect(row).toContainText(invoiceTitle);
  await row.getByRole('button', { name: /^开\s*具$/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /^开\s*具$/ })
    .click();
  // 诺诺 took it (requestBillingNew) and answers 开票中: the result comes by the poll job.
  await expect(page.getByText('已提交开票平台，开具中，结果稍后显示')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(simulator.submissions).toBe(1);

  // The poll job reads 诺诺's final answer (the console's list refreshes on 查询 with other
  // filters, so the wait is on the API); then 已开具 with 诺诺's number in the console.
  const issuedNo = async () =>
    (
      await apiCall<{ list: { order_no: string; invoice_no: string | null }[] }>(
        'GET',
        '/v1/admin/invoices',
        { status: 'issued', page: 1, size: 100 },
        login.data.token,
        SITE,
      )
    ).data.list.find((candidate) => candidate.order_no === orderId)?.invoice_no ?? '';
  await expect.poll(issuedNo, { timeout: 30_000 }).toMatch(/^\d{8}$/);
  const invoiceNo = await issuedNo();
  expect(simulator.issued).toHaveLength(1);
  await page.getByRole('combobox', { name: '状态' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '已开具' }).first().click();
  await page.getByRole('button', { name: /^查\s*询$/ }).click();
  await expect(orderRow(page, orderId)).toContainText(invoiceNo);
  await page.screenshot({ path: test.info().outputPath('nuonuo-issued-1280.png') });

  // The learner downloads the same PDF (our stored copy of 诺诺's) in 我的订单.
  const context = await browser.newContext({ acceptDownloads: true, baseURL: SITE });
  const learnerPage = await context.newPage();
  await skipTextAdvertisement(learnerPage);
  await loginWithToken(learnerPage, learner, SITE);
  await learnerPage.goto('/myOrder');
  const mine = orderRow(learnerPage, orderId);
  await expect(mine.getByText('发票已开具')).toBeVisible();
  const download = learnerPage.waitForEvent('download');
  await mine.getByRole('button', { name: '下载发票' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`发票-${invoiceNo}.pdf`);
  expect(readFileSync(await file.path(), 'utf8')).toContain(`诺诺 simulator invoice ${invoiceNo}`);
  await context.close();

  // The invoice mail: over SMTP to the email on the request (the mail-send job runs each minute,
  // so it may come last).
  const [mail] = await smtp.waitFor(1, 75_000);
  expect(mail!.subject).toContain('电子发票已开具');
  expect(mail!.text).toContain(orderId);
  expect(mail!.text).not.toContain(learner.idcard);
  const to = mail!.to && !Array.isArray(mail!.to) ? mail!.to.value[0]?.address : '';
  expect(to).toBe(email);
  const attached = mail!.attachments.find((attachment) => attachment.contentType === 'application/pdf');
  expect(attached?.content.toString('utf8')).toContain(`诺诺 simulator invoice ${invoiceNo}`);

  expect(simulator.badRequests).toBe(0);
});
