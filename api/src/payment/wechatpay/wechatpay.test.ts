import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { PAY_STATUS } from '@yaoshi/contracts/order-states';
import { startTestServer, databaseFingerprint, type TestServer } from '../../test-support/test-server';
import { LI, ZHAO, ZHANG, envelopeOf, loginToken } from '../../test-support/learner-session';
import {
  startWechatpaySimulator,
  type WechatpaySimulator,
} from '../../test-support/payment-simulators/wechatpay-simulator';
import { attemptsOf, newOrder, payAddressOf, payStatusOf, placeOrder } from '../../test-support/payment-flow';
import { createWechatpayProvider, parseWechatBill } from './wechatpay-provider';
import { paymentNotifications, paymentRefunds } from '../payment-schema';
import { auditRecords } from '../../audit/audit-schema';
import { enrolments } from '../../orders/orders-schema';
import { reconcilePendingAttempts } from '../order-settlement';

/**
 * WeChat Pay end to end without the internet: the real provider (wechatpay-axios-plugin
 * signing and verifying) against the local WeChat Pay simulator, through the API a learner
 * uses and the notify endpoint WeChat posts to.
 */
let server: TestServer;
let sim: WechatpaySimulator;
const tokens: Record<string, string> = {};
const YEAR = 2025;

before(async () => {
  let clockOf: () => Date = () => new Date();
  sim = await startWechatpaySimulator({ now: () => clockOf() });
  server = await startTestServer({
    paymentProviderFactory: () => createWechatpayProvider(sim.settings),
  });
  clockOf = () => server.clock.now();
  sim.setPlatformNotifyUrl(`${server.baseUrl}/payment/notify/wechatpay`);
  tokens.zhang = await loginToken(server, ZHANG.phone, ZHANG.password);
  tokens.li = await loginToken(server, LI.phone, LI.password);
  tokens.zhao = await loginToken(server, ZHAO.phone, ZHAO.password);
});
after(async () => {
  await server.close();
  await sim.close();
});

const outTradeNoOf = async (orderNo: string) => (await attemptsOf(server, orderNo)).at(-1)!.merchantNo;

async function payOnPhone(address: string, choice: 'pay' | 'fail') {
  const response = await fetch(`${address}/${choice}`, { method: 'POST' });
  return response.text();
}

describe('WeChat Pay Native (QR)', () => {
  test('a learner pays by QR: the order is paid once, however many times WeChat notifies', async () => {
    const order = await newOrder(server, tokens.zhang!, YEAR, 3);
    const address = payAddressOf(order);
    assert.ok(address.startsWith(sim.baseUrl), 'the QR encodes the code_url WeChat returned');
    assert.match(await (await fetch(address)).text(), /确认支付/);
    assert.match(await payOnPhone(address, 'pay'), /支付成功/);
    assert.equal(await payStatusOf(server, tokens.zhang!, order.order_id), PAY_STATUS.paid);
    assert.equal(sim.deliveries.at(-1)!.status, 204, 'answered in WeChat’s format: 204, no body');

    const merchantNo = await outTradeNoOf(order.order_id);
    const enrolled = (await server.db.select().from(enrolments)).length;
    const again = await sim.notify(merchantNo);
    assert.equal(again.status, 204, 'a duplicate is acknowledged, so WeChat stops sending');
    assert.equal((await server.db.select().from(enrolments)).length, enrolled, 'and changes nothing');
    const results = await server.db
      .select({ result: paymentNotifications.result })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.merchantNo, merchantNo));
    assert.deepEqual(
      results.map((r) => r.result),
      ['applied', 'duplicate'],
    );
  });

  test('forged, wrong-amount, other-merchant and malformed notifications get WeChat’s FAIL answer and change nothing', async () => {
    const order = await newOrder(server, tokens.li!, YEAR, 3);
    const merchantNo = await outTradeNoOf(order.order_id);
    await sim.pay(merchantNo, { notify: false });
    const ignoreLog = (f: Record<string, number>) => {
      const { payment_notifications: _ignored, ...rest } = f;
      return rest;
    };
    const before = ignoreLog(await databaseFingerprint(server.db));
    for (const delivery of [
      await sim.notify(merchantNo, { wrongSignature: true }),
      await sim.notify(merchantNo, { amountFen: 1 }),
      await sim.notify(merchantNo, { mchid: '1900000000' }),
      await sim.postSigned(`${server.baseUrl}/payment/notify/wechatpay`, '{"event_type":'),
      await sim.postSigned(`${server.baseUrl}/payment/notify/wechatpay`, 'not json at all'),
    ]) {
      assert.equal(delivery.status, 400);
      assert.deepEqual(JSON.parse(delivery.body), { code: 'FAIL', message: '失败' });
    }
    assert.deepEqual(ignoreLog(await databaseFingerprint(server.db)), before);
    assert.equal(await payStatusOf(server, tokens.li!, order.order_id), PAY_STATUS.unpaid);
    // The genuine one still pays it (the money was taken).
    assert.equal((await sim.notify(merchantNo)).status, 204);
    assert.equal(await payStatusOf(server, tokens.li!, order.order_id), PAY_STATUS.paid);
  });

  test('the payer fails: nothing is paid, and after the deadline the order has failed and enrols no one', async () => {
    const order = await newOrder(server, tokens.zhao!, 2024, 3);
    assert.match(await payOnPhone(payAddressOf(order), 'fail'), /支付失败/);
    assert.equal(await payStatusOf(server, tokens.zhao!, order.order_id), PAY_STATUS.unpaid);
    server.clock.advance(5 * 60 * 1000 + 1);
    assert.equal(await payStatusOf(server, tokens.zhao!, order.order_id), PAY_STATUS.failed);
    const [attempt] = await attemptsOf(server, order.order_id);
    assert.equal(attempt!.status, 'closed');
    assert.equal(sim.trades.get(attempt!.merchantNo)!.state, 'CLOSED', 'closed at WeChat: it can no longer take money');
  });

  test('a lost notification, then a second payment: one charge, and the order is paid', async () => {
    const order = await newOrder(server, tokens.zhang!, 2023, 3);
    const first = await outTradeNoOf(order.order_id);
    await sim.pay(first, { notify: false });
    assert.equal(await payStatusOf(server, tokens.zhang!, order.order_id), PAY_STATUS.unpaid, 'nothing known yet');
    // The learner, seeing no success, pays again: the first attempt is asked about first.
    const repay = await placeOrder(server, tokens.zhang!, {
      year: 2023,
      cids: '',
      order_id: order.order_id,
      pay_type: 3,
    });
    assert.equal(envelopeOf(repay).code, 400);
    assert.match(envelopeOf(repay).message, /已支付/);
    assert.equal(await payStatusOf(server, tokens.zhang!, order.order_id), PAY_STATUS.paid);
    const attempts = await attemptsOf(server, order.order_id);
    assert.equal(attempts.length, 1, 'no second payment was opened');
    const charged = [...sim.trades.values()].filter((t) => t.outTradeNo.startsWith(order.order_id) && t.successTime);
    assert.equal(charged.length, 1);
  });

  test('the reconciliation job settles an attempt left pending past its deadline from WeChat’s answer', async () => {
    const token = await loginToken(server, ZHANG.phone, ZHANG.password);
    const order = await newOrder(server, token, 2024, 3);
    const merchantNo = await outTradeNoOf(order.order_id);
    await sim.pay(merchantNo, { notify: false });
    server.clock.advance(5 * 60 * 1000 + 1);
    const settled = await reconcilePendingAttempts({
      db: server.db,
      clock: server.clock,
      provider: createWechatpayProvider(sim.settings),
      log: { warn: () => undefined, error: () => undefined },
    });
    assert.ok(settled >= 1);
    const [attempt] = await attemptsOf(server, order.order_id);
    assert.equal(attempt!.status, 'paid');
    assert.equal(await payStatusOf(server, token, order.order_id), PAY_STATUS.paid);
  });

  test('late money for an order that can no longer be paid is refunded automatically, recorded, audited and confirmed by WeChat’s refund notification', async () => {
    const token = tokens.li!;
    const old = await newOrder(server, token, 2024, 3);
    const oldMerchantNo = await outTradeNoOf(old.order_id);
    // A new selection replaces the unpaid order: its payment is closed at WeChat.
    await newOrder(server, token, 2024, 3);
    assert.equal(sim.trades.get(oldMerchantNo)!.state, 'CLOSED');
    // The payer's money raced the close and WeChat took it anyway.
    await sim.pay(oldMerchantNo, { evenIfClosed: true });
    assert.equal(sim.deliveries.at(-1)!.status, 204, 'accepted: the money is ours to give back');
    assert.equal(await payStatusOf(server, token, old.order_id), PAY_STATUS.cancelled);
    assert.equal(
      (
        await server.db
          .select()
          .from(enrolments)
          .where(eq(enrolments.orderId, (await attemptsOf(server, old.order_id))[0]!.orderId))
      ).length,
      0,
      'never enrols anyone',
    );
    const trade = sim.trades.get(oldMerchantNo)!;
    assert.equal(trade.refunds.length, 1);
    assert.equal(trade.refunds[0]!.amountFen, trade.amountFen);
    // WeChat's refund notification arrives shortly after.
    for (let i = 0; i < 50; i++) {
      const [row] = await server.db.select().from(paymentRefunds).where(eq(paymentRefunds.merchantNo, oldMerchantNo));
      if (row?.state === 'refunded') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [refund] = await server.db.select().from(paymentRefunds).where(eq(paymentRefunds.merchantNo, oldMerchantNo));
    assert.equal(refund!.state, 'refunded');
    assert.equal(refund!.providerRefundNo, trade.refunds[0]!.refundId);
    const audited = await server.db
      .select({ action: auditRecords.action })
      .from(auditRecords)
      .where(and(eq(auditRecords.target, old.order_id), eq(auditRecords.action, 'payment.late_refund')));
    assert.equal(audited.length, 1);
    // The same refund notification again changes nothing.
    assert.equal((await sim.notifyRefund(trade.refunds[0]!.outRefundNo)).status, 204);
    assert.equal(trade.refunds.length, 1);
  });
});

test('a WeChat trade bill is read into payments and refunds', () => {
  const bill =
    '\uFEFF交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注\r\n' +
    '`2025-06-16 10:01:02,`wx1,`19,`0,`,`4200001,`2025061610000012345601,`o1,`NATIVE,`SUCCESS,`OTHERS,`CNY,`360.00,`0.00,`0,`0,`0.00,`0.00,`,`,`课程,`,`0.00000,`0.60%,`360.00,`0.00,`\r\n' +
    '`2025-06-16 11:00:00,`wx1,`19,`0,`,`4200001,`2025061610000012345601,`o1,`NATIVE,`REFUND,`OTHERS,`CNY,`0.00,`0.00,`5030001,`L2025061610000012345601,`360.00,`0.00,`ORIGINAL,`SUCCESS,`课程,`,`0.00000,`0.60%,`0.00,`360.00,`\r\n' +
    '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额\r\n`2,`360.00,`360.00,`0.00,`0.00000,`360.00,`360.00\r\n';
  const entries = parseWechatBill(bill);
  assert.deepEqual(
    entries.map((e) => [e.kind, e.merchantOrderNo, e.amountFen, e.merchantRefundNo]),
    [
      ['payment', '2025061610000012345601', 36000, null],
      ['refund', '2025061610000012345601', 36000, 'L2025061610000012345601'],
    ],
  );
});
