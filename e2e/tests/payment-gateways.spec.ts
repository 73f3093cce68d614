import { expect, test, type Page } from '@playwright/test';
import { signRequest } from '@yaoshi/envelope/sign';
import { DEFAULT_APP_ID, DEVELOPMENT_SIGN_SECRET } from '@yaoshi/envelope/envelope';
import {
  startWechatpaySimulator,
  type WechatpaySimulator,
} from '../../api/src/test-support/payment-simulators/wechatpay-simulator';
import {
  startAlipaySimulator,
  type AlipaySimulator,
} from '../../api/src/test-support/payment-simulators/alipay-simulator';
import { LEARNERS } from './support/accounts';
import { skipTextAdvertisement } from './support/site';
import { startOwnSite, type OwnSite } from './support/own-server';

/**
 * Issue 19: a learner pays through each simulated real gateway — WeChat Pay by QR, Alipay
 * by redirect — on a server of its own, configured as an association would
 * (PAYMENT_PROVIDER_QR=wechatpay, PAYMENT_PROVIDER_REDIRECT=alipay, keys in files), with
 * the WeChat Pay and Alipay protocol simulators on loopback. Its own data folder, so 李华
 * starts with no enrolment whatever the other specs do on the shared server.
 */
const PORT = Number(process.env.E2E_PAYMENT_PORT ?? 18091);
const SITE = `http://localhost:${PORT}`;

let wechat: WechatpaySimulator;
let alipay: AlipaySimulator;
let site: OwnSite | undefined;

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  wechat = await startWechatpaySimulator();
  alipay = await startAlipaySimulator();
  site = await startOwnSite('pay', PORT, (file) => ({
    PAYMENT_PROVIDER_QR: 'wechatpay',
    PAYMENT_PROVIDER_REDIRECT: 'alipay',
    WECHATPAY_MCHID: wechat.settings.mchid,
    WECHATPAY_APPID: wechat.settings.appid,
    WECHATPAY_MERCHANT_SERIAL: wechat.settings.merchantSerial,
    WECHATPAY_PRIVATE_KEY_FILE: file('apiclient_key.pem', wechat.pems.merchantPrivateKey),
    WECHATPAY_PLATFORM_PUBLIC_KEY_FILE: file('pub_key.pem', wechat.pems.platformPublicKey),
    WECHATPAY_PLATFORM_PUBLIC_KEY_ID: wechat.settings.platformPublicKeyId,
    WECHATPAY_APIV3_KEY_FILE: file('apiv3.key', wechat.settings.apiV3Key),
    WECHATPAY_BASE_URL: wechat.settings.baseUrl,
    ALIPAY_APP_ID: alipay.settings.appId,
    ALIPAY_PRIVATE_KEY_FILE: file('app_private_key.pem', alipay.pems.appPrivateKey),
    ALIPAY_PUBLIC_KEY_FILE: file('alipay_public_key.pem', alipay.pems.alipayPublicKey),
    ALIPAY_GATEWAY: alipay.settings.gateway,
  }));
});

test.afterAll(async () => {
  await site?.stop();
  await wechat?.close();
  await alipay?.close();
});

test.beforeEach(({ page }) => skipTextAdvertisement(page));

async function login(page: Page): Promise<void> {
  const { idcard, password } = LEARNERS.li;
  const request = signRequest(
    { appId: DEFAULT_APP_ID, secret: DEVELOPMENT_SIGN_SECRET },
    { method: 'POST', path: '/v1/login', payload: { type: '1', username: idcard, password }, token: null },
  );
  const response = await fetch(`${SITE}${request.url}`, {
    method: 'POST',
    headers: request.headers,
    body: request.body ?? null,
  });
  const token = ((await response.json()) as { data: { token: string } }).data.token;
  await page.addInitScript(
    ([t]) => {
      if (!window.sessionStorage.getItem('e2e-logged-in')) {
        window.sessionStorage.setItem('e2e-logged-in', '1');
        window.localStorage.setItem('token', t!);
        window.localStorage.setItem('isLogin', 'true');
      }
    },
    [token],
  );
}

const ELECTIVES = [
  '高血压患者的用药指导',
  '糖尿病药物治疗与血糖管理',
  '常用中成药的合理使用',
  '中药饮片调剂与质量鉴别',
  '儿童与老年人安全用药',
  '抗凝药物的药学监护',
];

/** /signStudy in `yearIndex`, 60 hours, 立即报名 → 确认报名 → 确定: the /pay page. */
async function orderSixtyHours(page: Page, yearIndex: number): Promise<void> {
  await login(page);
  await page.goto(`${SITE}/signStudy`);
  const notice = page.getByRole('dialog', { name: '重要提示' });
  await expect(notice).toBeVisible({ timeout: 60_000 });
  await notice.getByRole('button', { name: '我已知晓' }).click();
  if (yearIndex > 0) {
    await page.getByRole('combobox', { name: '学习年度' }).selectOption({ index: yearIndex });
  }
  for (const name of ELECTIVES) await page.getByRole('checkbox', { name: `选择 ${name}` }).check();
  const reached = page.getByRole('dialog').filter({ hasText: '已选满60.0学时' });
  await reached.getByRole('button', { name: /知道了/ }).click();
  await expect(reached).toBeHidden();
  await page.getByRole('button', { name: '立即报名' }).click();
  await page.getByRole('button', { name: /确认报名/ }).click();
  const tip = page.getByRole('dialog', { name: '提示' }).filter({ hasText: '应缴费用' });
  await tip.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/pay$/);
}

test('WeChat Pay by QR: the phone pays on WeChat’s page, the pay page sees 支付成功', async ({ page, context }) => {
  await orderSixtyHours(page, 0);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/v1/order') && r.request().method() === 'POST'),
    page.getByRole('button', { name: /确认支付/ }).click(),
  ]);
  const order = ((await response.json()) as { data: { orderSig: { qrcode_url: string } } }).data;
  expect(order.orderSig.qrcode_url.startsWith(wechat.baseUrl)).toBe(true);
  await expect(page.getByRole('dialog', { name: '微信扫码支付' }).locator('canvas')).toBeVisible();

  const phone = await context.newPage();
  await phone.goto(order.orderSig.qrcode_url);
  await expect(phone.getByText('微信支付（模拟）')).toBeVisible();
  await phone.getByRole('button', { name: '确认支付' }).click();
  await expect(phone.getByText('支付成功')).toBeVisible();

  await expect(page.getByText('支付成功', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/myCourse$/, { timeout: 10_000 });
  expect([...wechat.trades.values()].filter((t) => t.state === 'SUCCESS')).toHaveLength(1);
});

test('Alipay by redirect: the browser goes to Alipay’s checkout, pays, and comes back to 支付成功', async ({
  page,
}) => {
  await orderSixtyHours(page, 1);
  await page.getByRole('radio', { name: /支付宝/ }).check();
  await Promise.all([
    page.waitForURL((url) => url.href.startsWith(alipay.settings.gateway)),
    page.getByRole('button', { name: /确认支付/ }).click(),
  ]);
  await expect(page.getByText('支付宝收银台（模拟）')).toBeVisible();
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(/\/pay\?order_id=\d+&returned=1/);
  await expect(page.getByText('支付成功', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/myCourse$/, { timeout: 10_000 });
  expect([...alipay.trades.values()].filter((t) => t.state === 'TRADE_SUCCESS')).toHaveLength(1);
});
