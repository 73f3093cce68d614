import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { ReconciliationReport } from '@yaoshi/contracts/finance-admin';
import { PAY_STATUS } from '@yaoshi/contracts/order-states';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { LI, ZHANG, ZHAO, authed, dataOf, envelopeOf, loginToken } from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import {
  startWechatpaySimulator,
  type WechatpaySimulator,
} from '../test-support/payment-simulators/wechatpay-simulator';
import { startAlipaySimulator, type AlipaySimulator } from '../test-support/payment-simulators/alipay-simulator';
import { attemptsOf, newOrder, payAddressOf, payStatusOf } from '../test-support/payment-flow';
import { configFromEnv, loadConfig, UnsafeConfigError } from '../config';
import { paymentAttempts } from './payment-schema';
import { compareBill } from './bill-reconciliation';

/**
 * Both real gateways at once, chosen by configuration (QR → WeChat Pay, redirect →
 * Alipay) with keys read from files, and the daily bill of each compared with our records.
 */
let server: TestServer;
let wechat: WechatpaySimulator;
let alipay: AlipaySimulator;
let finance: TestStaff;
const DAY = '2025-06-16';

function keyFile(dir: string, name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

before(async () => {
  let clockOf: () => Date = () => new Date();
  wechat = await startWechatpaySimulator({ now: () => clockOf() });
  alipay = await startAlipaySimulator({ now: () => clockOf() });
  const dir = mkdtempSync(path.join(tmpdir(), 'yaoshi-pay-keys-'));
  server = await startTestServer({
    config: {
      paymentProviderQr: 'wechatpay',
      paymentProviderRedirect: 'alipay',
      wechatpay: {
        mchid: wechat.settings.mchid,
        appid: wechat.settings.appid,
        merchantSerial: wechat.settings.merchantSerial,
        privateKeyFile: keyFile(dir, 'apiclient_key.pem', wechat.pems.merchantPrivateKey),
        platformPublicKeyFile: keyFile(dir, 'pub_key.pem', wechat.pems.platformPublicKey),
        platformPublicKeyId: wechat.settings.platformPublicKeyId,
        apiV3KeyFile: keyFile(dir, 'apiv3.key', wechat.settings.apiV3Key),
        baseUrl: wechat.settings.baseUrl,
      },
      alipay: {
        appId: alipay.settings.appId,
        privateKeyFile: keyFile(dir, 'app_private_key.pem', alipay.pems.appPrivateKey),
        publicKeyFile: keyFile(dir, 'alipay_public_key.pem', alipay.pems.alipayPublicKey),
        gateway: alipay.settings.gateway,
      },
    },
  });
  clockOf = () => server.clock.now();
  wechat.setPlatformNotifyUrl(`${server.baseUrl}/payment/notify/wechatpay`);
  finance = await signedInStaff(server, ['财务']);
});
after(async () => {
  await server.close();
  await wechat.close();
  await alipay.close();
});

describe('the association chooses a gateway per pay type', () => {
  test('QR goes to WeChat Pay and redirect to Alipay, each notified at its own address', async () => {
    const zhang = await loginToken(server, ZHANG.phone, ZHANG.password);
    const qr = await newOrder(server, zhang, 2025, 3);
    assert.ok(payAddressOf(qr).startsWith(wechat.baseUrl));
    await fetch(`${payAddressOf(qr)}/pay`, { method: 'POST' });
    assert.equal(await payStatusOf(server, zhang, qr.order_id), PAY_STATUS.paid);
    assert.equal((await attemptsOf(server, qr.order_id))[0]!.provider, 'wechatpay');

    const li = await loginToken(server, LI.phone, LI.password);
    const redirect = await newOrder(server, li, 2025, 2);
    assert.ok(payAddressOf(redirect).startsWith(alipay.settings.gateway));
    const page = await (await fetch(payAddressOf(redirect))).text();
    const action = /action="([^"]+)\/pay"/.exec(page)![1]!;
    await fetch(`${alipay.baseUrl}${action}/pay`, { method: 'POST', redirect: 'manual' });
    assert.equal(await payStatusOf(server, li, redirect.order_id), PAY_STATUS.paid);
    assert.equal((await attemptsOf(server, redirect.order_id))[0]!.provider, 'alipay');
  });
});

describe('daily bill reconciliation', () => {
  test('a bill with each kind of difference: every one is reported on the finance page and in the .xlsx', async () => {
    // Amounts that differ: Alipay booked a different amount for the redirect payment above.
    const [liOrder] = [...alipay.trades.values()];
    alipay.billAmountOverrides.set(liOrder!.outTradeNo, liOrder!.amountFen - 100);
    // Money with no order: WeChat took money for a merchant number we never issued.
    wechat.extraBillLines.push({
      outTradeNo: '2025061699999999999901',
      transactionId: '4200000000999',
      amountFen: 1000,
      time: server.clock.now(),
    });
    // An order marked paid with no money at the gateway.
    const zhao = await loginToken(server, ZHAO.phone, ZHAO.password);
    const unpaid = await newOrder(server, zhao, 2024, 3);
    const [attempt] = await attemptsOf(server, unpaid.order_id);
    await server.db
      .update(paymentAttempts)
      .set({ status: 'paid', finishedAt: server.clock.now() })
      .where(eq(paymentAttempts.id, attempt!.id));

    const report = dataOf(
      await authed(server, finance.token, 'POST', '/v1/admin/finance/reconciliation/run', { day: DAY }),
    ) as ReconciliationReport;
    assert.deepEqual(
      report.runs.map((run) => [run.provider, run.differences]),
      [
        ['alipay', 1],
        ['wechatpay', 2],
      ],
    );
    const byKind = Object.fromEntries(report.differences.map((d) => [d.kind, d]));
    assert.deepEqual(Object.keys(byKind).sort(), ['amount_differs', 'money_without_order', 'paid_without_money']);
    assert.equal(byKind.amount_differs!.merchant_no, liOrder!.outTradeNo);
    assert.equal(byKind.amount_differs!.our_amount! - byKind.amount_differs!.bill_amount!, 1);
    assert.equal(byKind.money_without_order!.merchant_no, '2025061699999999999901');
    assert.equal(byKind.money_without_order!.bill_amount, 10);
    assert.equal(byKind.paid_without_money!.order_no, unpaid.order_id);
    assert.deepEqual(report.differences.map((d) => d.kind_text).sort(), ['有单无款', '有款无单', '金额不符'].sort());

    const workbook = new ExcelJS.Workbook();
    const bytes = Buffer.from(report.xlsx_base64, 'base64');
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const sheet = workbook.getWorksheet('对账差异')!;
    const kinds = sheet.getColumn(2).values.slice(2).map(String).sort();
    assert.deepEqual(kinds, ['有单无款', '有款无单', '金额不符'].sort());

    // Read again later: the same report, without asking the gateways.
    const again = dataOf(
      await authed(server, finance.token, 'GET', '/v1/admin/finance/reconciliation', { day: DAY }),
    ) as ReconciliationReport;
    assert.equal(again.differences.length, 3);
  });

  test('a malformed day is refused in Chinese; a learner cannot read the report', async () => {
    const refused = await authed(server, finance.token, 'GET', '/v1/admin/finance/reconciliation', { day: '2025-6-1' });
    assert.equal(envelopeOf(refused).code, 400);
    assert.match(envelopeOf(refused).message, /日期格式/);
    const zhang = await loginToken(server, ZHANG.phone, ZHANG.password);
    assert.notEqual(
      envelopeOf(await authed(server, zhang, 'GET', '/v1/admin/finance/reconciliation', { day: DAY })).code,
      200,
    );
  });
});

test('compareBill: a late payment refunded is money with an order; a refund line is not a payment', () => {
  const at = new Date('2025-06-16T02:00:00Z');
  const differences = compareBill(
    DAY,
    [
      {
        kind: 'payment',
        merchantOrderNo: 'A01',
        providerTradeNo: 't1',
        amountFen: 100,
        merchantRefundNo: null,
        occurredAt: at,
      },
      {
        kind: 'refund',
        merchantOrderNo: 'A01',
        providerTradeNo: 'r1',
        amountFen: 100,
        merchantRefundNo: 'LA01',
        occurredAt: at,
      },
      {
        kind: 'payment',
        merchantOrderNo: 'B01',
        providerTradeNo: 't2',
        amountFen: 100,
        merchantRefundNo: null,
        occurredAt: at,
      },
    ],
    [
      { merchantNo: 'A01', orderNo: 'A', status: 'refunded', amountFen: 100, settledDay: DAY },
      { merchantNo: 'B01', orderNo: 'B', status: 'closed', amountFen: 100, settledDay: null },
    ],
  );
  assert.deepEqual(
    differences.map((d) => [d.kind, d.merchantNo, d.orderNo]),
    [['money_without_order', 'B01', 'B']],
  );
});

test('a configured gateway whose key file is missing stops the server at start with one clear line', () => {
  const env = {
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'alipay',
    ALIPAY_APP_ID: '2021000000000001',
    ALIPAY_PRIVATE_KEY_FILE: '/nonexistent/app_private_key.pem',
    ALIPAY_PUBLIC_KEY_FILE: '/nonexistent/alipay_public_key.pem',
  };
  assert.throws(
    () => loadConfig({}, env),
    (error: unknown) =>
      error instanceof UnsafeConfigError &&
      error.problems.includes('ALIPAY_PRIVATE_KEY_FILE (/nonexistent/app_private_key.pem) cannot be read: ENOENT.'),
  );
  assert.throws(
    () => loadConfig({}, { PAYMENT_PROVIDER_REDIRECT: 'wechatpay' }),
    (error: unknown) => error instanceof UnsafeConfigError && error.problems.some((p) => /QR pay type only/.test(p)),
  );
  assert.equal(configFromEnv({}).paymentProvider, 'sandbox', 'the sandbox stays the development default');
});
