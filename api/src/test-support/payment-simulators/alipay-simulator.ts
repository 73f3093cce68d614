import { createSign, createVerify, generateKeyPairSync, randomBytes, randomInt, type KeyObject } from 'node:crypto';
import JSZip from 'jszip';
import iconv from 'iconv-lite';
import type { AlipaySettings } from '../../payment/alipay/alipay-provider';
import { beijingDayOf } from '@yaoshi/contracts/beijing-time';
import { formatBeijingTime, parseBeijingTime } from '@yaoshi/contracts/beijing-time';
import {
  deliver,
  html,
  payerPage,
  startSimulatorServer,
  type NotifyDelivery,
  type SimulatorReply,
  type SimulatorRequest,
} from './simulator-http';

/**
 * A local Alipay open-platform gateway (`gateway.do`) for tests: precreate, page pay,
 * query, close, refund and the bill download address, each request's RSA2 signature
 * checked against the application's public key, each answer signed with an Alipay key
 * generated here, asynchronous notifications form-encoded and RSA2-signed, the daily bill
 * a zip of GBK CSV files, as Alipay sends them. Written with node:crypto, not the SDK.
 *
 * The QR (`qr_code`) and the page-pay checkout are pages of this server with 确认支付 /
 * 支付失败; paying on the checkout page sends the browser back to `return_url`.
 */

export interface SimulatedAlipayTrade {
  outTradeNo: string;
  tradeNo: string;
  token: string;
  subject: string;
  amountFen: number;
  notifyUrl: string;
  returnUrl: string | null;
  timeExpire: Date;
  state: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  paidAt: Date | null;
  refunds: Array<{ outRequestNo: string; amountFen: number; at: Date }>;
}

export interface AlipayNotifyOptions {
  amountFen?: number;
  wrongSignature?: boolean;
  appId?: string;
  url?: string;
}

export interface AlipaySimulator {
  baseUrl: string;
  settings: AlipaySettings;
  pems: { appPrivateKey: string; alipayPublicKey: string };
  trades: Map<string, SimulatedAlipayTrade>;
  deliveries: NotifyDelivery[];
  /** Lines only the bill has: money with no order of ours, or a different amount. */
  extraBillLines: Array<{ outTradeNo: string; tradeNo: string; amountFen: number; time: Date }>;
  /** Bill amounts that differ from the trade's (a gateway-side adjustment). */
  billAmountOverrides: Map<string, number>;
  refusedRequests: number;
  pay(outTradeNo: string, options?: { notify?: boolean; evenIfClosed?: boolean }): Promise<SimulatedAlipayTrade>;
  notify(outTradeNo: string, options?: AlipayNotifyOptions): Promise<NotifyDelivery>;
  postForm(
    url: string,
    fields: Record<string, string>,
    options?: { wrongSignature?: boolean },
  ): Promise<NotifyDelivery>;
  close(): Promise<void>;
}

const rsaPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const pemOf = (key: KeyObject, type: 'pkcs8' | 'spki') =>
  key.export({ format: 'pem', type } as { format: 'pem'; type: 'pkcs8' }) as string;
const yuan = (fen: number) => (fen / 100).toFixed(2);
const fenOf = (text: unknown) => Math.round(Number(typeof text === 'string' ? text : NaN) * 100);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Alipay's content to sign: every field but `sign` (and, for notifications, `sign_type`), sorted, `k=v` joined by `&`. */
function contentToSign(fields: Record<string, string>, withoutSignType: boolean): string {
  return Object.keys(fields)
    .filter((key) => key !== 'sign' && !(withoutSignType && key === 'sign_type') && fields[key] !== '')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
}

export async function startAlipaySimulator(
  options: { now?: () => Date; autoNotify?: boolean } = {},
): Promise<AlipaySimulator> {
  const now = options.now ?? (() => new Date());
  const autoNotify = options.autoNotify ?? true;
  const app = rsaPair();
  const alipay = rsaPair();
  const stranger = rsaPair();
  const appId = `2021${String(randomInt(0, 1e12)).padStart(12, '0')}`;
  const trades = new Map<string, SimulatedAlipayTrade>();
  const byToken = new Map<string, SimulatedAlipayTrade>();
  const bills = new Map<string, Uint8Array>();
  const deliveries: NotifyDelivery[] = [];
  const extraBillLines: AlipaySimulator['extraBillLines'] = [];
  const billAmountOverrides = new Map<string, number>();
  let refusedRequests = 0;
  let baseUrl = '';

  const rsa2 = (key: KeyObject, content: string) =>
    createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');

  function answer(method: string, value: Record<string, unknown>): SimulatorReply {
    const json = JSON.stringify(value);
    const key = `${method.replaceAll('.', '_')}_response`;
    return {
      status: 200,
      headers: { 'content-type': 'application/json;charset=utf-8' },
      body: `{"${key}":${json},"sign":"${rsa2(alipay.privateKey, json)}"}`,
    };
  }
  const ok = (method: string, value: Record<string, unknown>) =>
    answer(method, { code: '10000', msg: 'Success', ...value });
  const fail = (method: string, subCode: string, subMsg: string) =>
    answer(method, { code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });

  function signedNotification(trade: SimulatedAlipayTrade, opts: AlipayNotifyOptions): Record<string, string> {
    const fields: Record<string, string> = {
      notify_time: formatBeijingTime(now()),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      app_id: opts.appId ?? appId,
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      trade_status: trade.state,
      total_amount: yuan(opts.amountFen ?? trade.amountFen),
      receipt_amount: yuan(opts.amountFen ?? trade.amountFen),
      subject: trade.subject,
      gmt_create: formatBeijingTime(trade.timeExpire),
      ...(trade.paidAt ? { gmt_payment: formatBeijingTime(trade.paidAt) } : {}),
    };
    fields.sign = rsa2(opts.wrongSignature ? stranger.privateKey : alipay.privateKey, contentToSign(fields, true));
    return fields;
  }

  async function postForm(url: string, fields: Record<string, string>, opts: { wrongSignature?: boolean } = {}) {
    const delivery = await deliver(
      url,
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams(fields).toString(),
      },
      (_status, body) => body.trim() === 'success',
      opts.wrongSignature ? 1 : 3,
    );
    deliveries.push(delivery);
    return delivery;
  }

  async function notify(outTradeNo: string, opts: AlipayNotifyOptions = {}) {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    return postForm(opts.url ?? trade.notifyUrl, signedNotification(trade, opts), {
      wrongSignature: opts.wrongSignature ?? false,
    });
  }

  async function pay(outTradeNo: string, opts: { notify?: boolean; evenIfClosed?: boolean } = {}) {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    const open = trade.state === 'WAIT_BUYER_PAY' && now().getTime() <= trade.timeExpire.getTime();
    if (!open && !((opts.evenIfClosed ?? false) && trade.state !== 'TRADE_SUCCESS')) return trade;
    trade.state = 'TRADE_SUCCESS';
    trade.paidAt = now();
    if (opts.notify ?? autoNotify) await notify(outTradeNo);
    return trade;
  }

  function appSigned(fields: Record<string, string>): boolean {
    if (fields.app_id !== appId || !fields.sign) return false;
    return createVerify('RSA-SHA256')
      .update(contentToSign(fields, false), 'utf8')
      .verify(app.publicKey, fields.sign, 'base64');
  }

  function createTrade(biz: Record<string, unknown>, notifyUrl: string, returnUrl: string | null) {
    const outTradeNo = text(biz.out_trade_no);
    const existing = trades.get(outTradeNo);
    if (existing) return existing;
    const timeExpire = text(biz.time_expire)
      ? parseBeijingTime(text(biz.time_expire))
      : new Date(now().getTime() + 2 * 3600_000);
    const trade: SimulatedAlipayTrade = {
      outTradeNo,
      tradeNo: `2025${Date.now()}${String(randomInt(0, 1e6)).padStart(6, '0')}`,
      token: randomBytes(12).toString('base64url'),
      subject: text(biz.subject),
      amountFen: fenOf(biz.total_amount),
      notifyUrl,
      returnUrl,
      timeExpire,
      state: 'WAIT_BUYER_PAY',
      paidAt: null,
      refunds: [],
    };
    trades.set(outTradeNo, trade);
    byToken.set(trade.token, trade);
    return trade;
  }

  async function billZip(day: string): Promise<Uint8Array> {
    const head =
      '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';
    const rows: string[] = [];
    const row = (
      tradeNo: string,
      outTradeNo: string,
      type: string,
      subject: string,
      at: Date,
      fen: number,
      refundNo: string,
    ) =>
      rows.push(
        [
          tradeNo,
          outTradeNo,
          type,
          subject,
          formatBeijingTime(at),
          formatBeijingTime(at),
          '',
          '',
          '',
          '',
          'abc***@example.com',
          yuan(fen),
          yuan(fen),
          '0.00',
          '0.00',
          '0.00',
          '0.00',
          '0.00',
          '',
          '0.00',
          '0.00',
          refundNo,
          '0.00',
          '0.00',
          '',
        ].join(','),
      );
    for (const trade of trades.values()) {
      if (trade.paidAt && beijingDayOf(trade.paidAt) === day)
        row(
          trade.tradeNo,
          trade.outTradeNo,
          '交易',
          trade.subject,
          trade.paidAt,
          billAmountOverrides.get(trade.outTradeNo) ?? trade.amountFen,
          '',
        );
      for (const refund of trade.refunds)
        if (beijingDayOf(refund.at) === day)
          row(
            trade.tradeNo,
            trade.outTradeNo,
            '退款',
            trade.subject,
            refund.at,
            -refund.amountFen,
            refund.outRequestNo,
          );
    }
    for (const extra of extraBillLines)
      if (beijingDayOf(extra.time) === day)
        row(extra.tradeNo, extra.outTradeNo, '交易', '未知商品', extra.time, extra.amountFen, '');
    const detail = [
      '#支付宝业务明细查询',
      `#账号：[${appId}]`,
      `#起始日期：[${day} 00:00:00]   终止日期：[${day} 23:59:59]`,
      '#-----------------------------------------业务明细列表----------------------------------------',
      head,
      ...rows,
      '#-----------------------------------------业务明细列表结束------------------------------------',
      `#导出时间：[${formatBeijingTime(now())}]`,
    ].join('\r\n');
    const zip = new JSZip();
    const stem = `${appId}0156_${day.replaceAll('-', '')}`;
    zip.file(`${stem}_业务明细.csv`, iconv.encode(detail, 'gbk'));
    zip.file(`${stem}_业务明细(汇总).csv`, iconv.encode('#支付宝业务汇总查询\r\n', 'gbk'));
    return zip.generateAsync({ type: 'uint8array' });
  }

  async function gateway(request: SimulatorRequest): Promise<SimulatorReply> {
    const fields: Record<string, string> = Object.fromEntries(request.url.searchParams);
    if (request.method === 'POST') Object.assign(fields, Object.fromEntries(new URLSearchParams(request.body)));
    const method = fields.method ?? '';
    if (!appSigned(fields)) {
      refusedRequests += 1;
      return answer(method, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      });
    }
    let biz: Record<string, unknown> = {};
    try {
      biz = JSON.parse(fields.biz_content ?? '{}') as Record<string, unknown>;
    } catch {
      return answer(method, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-biz-content',
        sub_msg: 'biz_content 不是JSON',
      });
    }
    const trade = trades.get(text(biz.out_trade_no));
    switch (method) {
      case 'alipay.trade.precreate': {
        const created = createTrade(biz, fields.notify_url ?? '', null);
        return ok(method, { out_trade_no: created.outTradeNo, qr_code: `${baseUrl}/payer/${created.token}` });
      }
      case 'alipay.trade.page.pay': {
        const created = createTrade(biz, fields.notify_url ?? '', fields.return_url ?? null);
        return payerPage('支付宝收银台（模拟）', created.subject, created.amountFen, `/payer/${created.token}`);
      }
      case 'alipay.trade.query':
        if (!trade) return fail(method, 'ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (trade.state === 'WAIT_BUYER_PAY' && now().getTime() > trade.timeExpire.getTime())
          trade.state = 'TRADE_CLOSED';
        return ok(method, {
          trade_no: trade.tradeNo,
          out_trade_no: trade.outTradeNo,
          trade_status: trade.state,
          total_amount: yuan(trade.amountFen),
          ...(trade.paidAt ? { send_pay_date: formatBeijingTime(trade.paidAt) } : {}),
        });
      case 'alipay.trade.close':
        if (!trade) return fail(method, 'ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (trade.state === 'TRADE_SUCCESS') return fail(method, 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        trade.state = 'TRADE_CLOSED';
        return ok(method, { trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo });
      case 'alipay.trade.refund': {
        if (!trade) return fail(method, 'ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (trade.state !== 'TRADE_SUCCESS') return fail(method, 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        const outRequestNo = text(biz.out_request_no) || trade.outTradeNo;
        const amountFen = fenOf(biz.refund_amount);
        const again = trade.refunds.find((r) => r.outRequestNo === outRequestNo);
        if (!again) {
          const refunded = trade.refunds.reduce((sum, r) => sum + r.amountFen, 0);
          if (!(amountFen > 0) || refunded + amountFen > trade.amountFen)
            return fail(method, 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
          trade.refunds.push({ outRequestNo, amountFen, at: now() });
        }
        return ok(method, {
          trade_no: trade.tradeNo,
          out_trade_no: trade.outTradeNo,
          refund_fee: yuan(trade.refunds.reduce((sum, r) => sum + r.amountFen, 0)),
          fund_change: again ? 'N' : 'Y',
        });
      }
      case 'alipay.data.dataservice.bill.downloadurl.query': {
        const day = text(biz.bill_date);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return fail(method, 'isv.invalid-bill-date', '账单日期格式不正确');
        const token = randomBytes(12).toString('hex');
        bills.set(token, await billZip(day));
        return ok(method, { bill_download_url: `${baseUrl}/bills/${token}.zip` });
      }
      default:
        return answer(method, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'isv.invalid-method',
          sub_msg: '接口不存在',
        });
    }
  }

  async function handle(request: SimulatorRequest): Promise<SimulatorReply> {
    const path = request.url.pathname;
    if (path === '/gateway.do') return gateway(request);
    const bill = /^\/bills\/(\w+)\.zip$/.exec(path);
    if (bill) {
      const bytes = bills.get(bill[1]!);
      return bytes
        ? { status: 200, headers: { 'content-type': 'application/zip' }, body: bytes }
        : html(404, '<p>账单不存在</p>');
    }
    const payer = /^\/payer\/([\w-]+)(?:\/(pay|fail))?$/.exec(path);
    if (payer) {
      const trade = byToken.get(payer[1]!);
      if (!trade) return html(404, '<p>二维码无效</p>');
      const choice = request.method === 'POST' ? (payer[2] ?? null) : null;
      if (choice === null) return payerPage('支付宝（模拟）', trade.subject, trade.amountFen, `/payer/${trade.token}`);
      if (trade.state !== 'WAIT_BUYER_PAY' || now().getTime() > trade.timeExpire.getTime())
        return html(409, '<p>交易已关闭或已支付</p>');
      if (choice === 'fail') return html(200, '<p>支付失败</p>');
      await pay(trade.outTradeNo);
      if (trade.returnUrl) {
        const back = new URL(trade.returnUrl);
        const sync: Record<string, string> = {
          app_id: appId,
          out_trade_no: trade.outTradeNo,
          trade_no: trade.tradeNo,
          total_amount: yuan(trade.amountFen),
          timestamp: formatBeijingTime(now()),
          method: 'alipay.trade.page.pay.return',
          charset: 'utf-8',
          version: '1.0',
          sign_type: 'RSA2',
        };
        sync.sign = rsa2(alipay.privateKey, contentToSign(sync, true));
        for (const [key, value] of Object.entries(sync)) back.searchParams.set(key, value);
        return { status: 303, headers: { location: back.toString() } };
      }
      return html(200, '<p>支付成功</p>');
    }
    return html(404, '<p>接口不存在</p>');
  }

  const server = await startSimulatorServer(handle);
  baseUrl = server.baseUrl;
  return {
    baseUrl,
    settings: {
      appId,
      privateKey: pemOf(app.privateKey, 'pkcs8'),
      alipayPublicKey: pemOf(alipay.publicKey, 'spki'),
      gateway: `${baseUrl}/gateway.do`,
    },
    pems: { appPrivateKey: pemOf(app.privateKey, 'pkcs8'), alipayPublicKey: pemOf(alipay.publicKey, 'spki') },
    trades,
    deliveries,
    extraBillLines,
    billAmountOverrides,
    get refusedRequests() {
      return refusedRequests;
    },
    pay,
    notify,
    postForm,
    close: () => server.close(),
  };
}
