import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { PAY_STATUS } from '@yaoshi/contracts/order-states';
import { startTestServer, databaseFingerprint, type TestServer } from '../../test-support/test-server';
import { LI, ZHANG, ZHAO, envelopeOf, loginToken } from '../../test-support/learner-session';
import { startAlipaySimulator, type AlipaySimulator } from '../../test-support/payment-simulators/alipay-simulator';
import { attemptsOf, newOrder, payAddressOf, payStatusOf, placeOrder } from '../../test-support/payment-flow';
import { createAlipayProvider, parseAlipayBillCsv } from './alipay-provider';
import { paymentRefunds } from '../payment-schema';

/**
 * Alipay end to end without the internet: the official alipay-sdk against the local Alipay
 * gateway simulator, QR (precreate) and redirect (page pay), through the learner's API and
 * the notify endpoint Alipay posts to.
 */
let server: TestServer;
let sim: AlipaySimulator;
const tokens: Record<string, string> = {};

before(async () => {
  let clockOf: () => Date = () => new Date();
  sim = await startAlipaySimulator({ now: () => clockOf() });
  server = await startTestServer({ paymentProviderFactory: () => createAlipayProvider(sim.settings) });
  clockOf = () => server.clock.now();
  tokens.zhang = await loginToken(server, ZHANG.phone, ZHANG.password);
  tokens.li = await loginToken(server, LI.phone, LI.password);
  tokens.zhao = await loginToken(server, ZHAO.phone, ZHAO.password);
});
after(async () => {
  await server.close();
  await sim.close();
});

const merchantNoOf = async (orderNo: string) => (await attemptsOf(server, orderNo)).at(-1)!.merchantNo;

describe('Alipay', () => {
  test('a learner pays by QR (precreate): paid once, a duplicate notification changes nothing', async () => {
    const order = await newOrder(server, tokens.zhang!, 2025, 3);
    const address = payAddressOf(order);
    assert.ok(address.startsWith(sim.baseUrl));
    assert.match(await (await fetch(`${address}/pay`, { method: 'POST' })).text(), /支付成功/);
    assert.equal(sim.deliveries.at(-1)!.body, 'success');
    assert.equal(await payStatusOf(server, tokens.zhang!, order.order_id), PAY_STATUS.paid);
    assert.equal((await sim.notify(await merchantNoOf(order.order_id))).body, 'success');
    assert.equal(await payStatusOf(server, tokens.zhang!, order.order_id), PAY_STATUS.paid);
  });

  test('a learner pays by redirect (page pay): the checkout sends the browser back to /pay, and the order is paid', async () => {
    const order = await newOrder(server, tokens.li!, 2025, 2);
    const checkout = payAddressOf(order);
    assert.ok(
      checkout.startsWith(`${sim.baseUrl}/gateway.do?`),
      'the browser goes to Alipay’s gateway with a signed request',
    );
    const page = await (await fetch(checkout)).text();
    assert.match(page, /支付宝收银台/);
    const action = /action="([^"]+)\/pay"/.exec(page)![1]!;
    const paid = await fetch(`${sim.baseUrl}${action}/pay`, { method: 'POST', redirect: 'manual' });
    assert.equal(paid.status, 303);
    const back = new URL(paid.headers.get('location')!);
    assert.equal(`${back.origin}${back.pathname}`, `${server.baseUrl}/pay`);
    assert.equal(back.searchParams.get('order_id'), order.order_id);
    assert.equal(await payStatusOf(server, tokens.li!, order.order_id), PAY_STATUS.paid);
  });

  test('forged, wrong-amount, other-app and malformed notifications are answered fail and change nothing', async () => {
    const order = await newOrder(server, tokens.zhao!, 2024, 3);
    const merchantNo = await merchantNoOf(order.order_id);
    await sim.pay(merchantNo, { notify: false });
    const withoutLog = (f: Record<string, number>) => {
      const { payment_notifications: _ignored, ...rest } = f;
      return rest;
    };
    const before = withoutLog(await databaseFingerprint(server.db));
    const url = `${server.baseUrl}/payment/notify/alipay`;
    for (const delivery of [
      await sim.notify(merchantNo, { wrongSignature: true }),
      await sim.notify(merchantNo, { amountFen: 1 }),
      await sim.notify(merchantNo, { appId: '2021000000000000' }),
      await sim.postForm(url, { out_trade_no: merchantNo, trade_status: 'TRADE_SUCCESS' }),
    ]) {
      assert.equal(delivery.status, 400);
      assert.equal(delivery.body, 'fail');
    }
    const garbage = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '%%%' });
    assert.equal(garbage.status, 400);
    assert.deepEqual(withoutLog(await databaseFingerprint(server.db)), before);
    assert.equal(await payStatusOf(server, tokens.zhao!, order.order_id), PAY_STATUS.unpaid);
  });

  test('a lost notification, then a second payment: one charge', async () => {
    const order = await newOrder(server, tokens.zhang!, 2024, 2);
    await fetch(payAddressOf(order)); // the browser opens Alipay's checkout
    await sim.pay(await merchantNoOf(order.order_id), { notify: false });
    const repay = await placeOrder(server, tokens.zhang!, {
      year: 2024,
      cids: '',
      order_id: order.order_id,
      pay_type: 3,
    });
    assert.equal(envelopeOf(repay).code, 400);
    assert.match(envelopeOf(repay).message, /已支付/);
    assert.equal(await payStatusOf(server, tokens.zhang!, order.order_id), PAY_STATUS.paid);
    assert.equal((await attemptsOf(server, order.order_id)).length, 1);
  });

  test('late money is refunded automatically through Alipay and recorded', async () => {
    const old = await newOrder(server, tokens.li!, 2024, 3);
    const merchantNo = await merchantNoOf(old.order_id);
    await newOrder(server, tokens.li!, 2024, 3);
    assert.equal(sim.trades.get(merchantNo)!.state, 'TRADE_CLOSED');
    await sim.pay(merchantNo, { evenIfClosed: true });
    assert.equal(await payStatusOf(server, tokens.li!, old.order_id), PAY_STATUS.cancelled);
    const trade = sim.trades.get(merchantNo)!;
    assert.deepEqual(
      trade.refunds.map((r) => r.amountFen),
      [trade.amountFen],
    );
    const [refund] = await server.db.select().from(paymentRefunds).where(eq(paymentRefunds.merchantNo, merchantNo));
    assert.equal(refund!.state, 'accepted');
    assert.equal(refund!.kind, 'late');
  });

  test('Alipay unreachable: paying again is refused (503, in Chinese) rather than risk a second charge; the order reads as it was', async () => {
    const order = await newOrder(server, tokens.zhao!, 2023, 3);
    await sim.close(); // last test of the suite: the gateway is gone
    const repay = await placeOrder(server, tokens.zhao!, {
      year: 2023,
      cids: '',
      order_id: order.order_id,
      pay_type: 3,
    });
    assert.equal(envelopeOf(repay).code, 503);
    assert.equal(envelopeOf(repay).message, '支付服务暂时不可用，请稍后重试');
    assert.equal((await attemptsOf(server, order.order_id)).length, 1);
    server.clock.advance(5 * 60 * 1000 + 1);
    assert.equal(await payStatusOf(server, tokens.zhao!, order.order_id), PAY_STATUS.unpaid);
  });
});

test('an Alipay trade bill (业务明细) is read into payments and refunds', () => {
  const csv = [
    '#支付宝业务明细查询',
    '#账号：[2021]',
    '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注',
    '2025001,2025061610000012345601,交易,课程,2025-06-16 10:00:00,2025-06-16 10:01:00,,,,,a***@b.com,360.00,360.00,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,,0.00,0.00,',
    '2025001,2025061610000012345601,退款,课程,2025-06-16 11:00:00,2025-06-16 11:00:00,,,,,a***@b.com,-360.00,-360.00,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,L2025061610000012345601,0.00,0.00,',
    '#-----业务明细列表结束-----',
  ].join('\r\n');
  assert.deepEqual(
    parseAlipayBillCsv(csv).map((e) => [e.kind, e.merchantOrderNo, e.amountFen, e.merchantRefundNo]),
    [
      ['payment', '2025061610000012345601', 36000, null],
      ['refund', '2025061610000012345601', 36000, 'L2025061610000012345601'],
    ],
  );
});
