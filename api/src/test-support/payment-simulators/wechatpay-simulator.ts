import {
  createCipheriv,
  createHash,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  randomInt,
  type KeyObject,
} from 'node:crypto';
import type { WechatpaySettings } from '../../payment/wechatpay/wechatpay-provider';
import { beijingIsoTime, beijingDayOf } from '@yaoshi/contracts/beijing-time';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import {
  deliver,
  payerPage,
  html,
  startSimulatorServer,
  type NotifyDelivery,
  type SimulatorReply,
  type SimulatorRequest,
} from './simulator-http';

/**
 * A local WeChat Pay API v3 for tests: the documented endpoints the provider uses (Native
 * order, query, close, refund, trade bill and its download), requests checked against the
 * merchant's `Authorization` signature, answers and notifications signed with a platform
 * key generated here, notification resources encrypted with AEAD_AES_256_GCM under the
 * APIv3 key, exactly as WeChat does. Written with node:crypto, not the SDK, so a mistake in
 * one is caught by the other.
 *
 * The QR `code_url` is a page of this server standing in for the payer's phone: opening it
 * shows 确认支付 / 支付失败. Tests also drive it directly (`pay`, `notify`, …) to send the
 * hard cases: duplicate, late, out-of-order and tampered notifications, and a daily bill.
 */

export interface SimulatedWechatTrade {
  outTradeNo: string;
  transactionId: string;
  token: string;
  description: string;
  amountFen: number;
  notifyUrl: string;
  timeExpire: Date;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'PAYERROR' | 'REFUND';
  successTime: Date | null;
  refunds: SimulatedWechatRefund[];
}

export interface SimulatedWechatRefund {
  outRefundNo: string;
  refundId: string;
  amountFen: number;
  notifyUrl: string | null;
  createdAt: Date;
}

/** A line only the bill has: money WeChat booked that our records may not know. */
export interface ExtraWechatBillLine {
  outTradeNo: string;
  transactionId: string;
  amountFen: number;
  time: Date;
}

export interface WechatpaySimulatorOptions {
  /** The simulator's clock (share the server's movable clock); default the wall clock. */
  now?: () => Date;
  /** Send notifications by itself when the payer pays on the page; default true. */
  autoNotify?: boolean;
}

export interface NotifyOptions {
  /** Claim a different amount than was paid (a forged or broken notification). */
  amountFen?: number;
  /** Sign with a key that is not the platform's. */
  wrongSignature?: boolean;
  /** Another merchant's notification. */
  mchid?: string;
  url?: string;
}

export interface WechatpaySimulator {
  baseUrl: string;
  /** Settings for `createWechatpayProvider`, keys as PEM text. */
  settings: WechatpaySettings;
  /** The same keys as PEM, for writing to files (configuration names files). */
  pems: { merchantPrivateKey: string; platformPublicKey: string };
  trades: Map<string, SimulatedWechatTrade>;
  deliveries: NotifyDelivery[];
  extraBillLines: ExtraWechatBillLine[];
  /** Requests refused for a bad merchant signature. */
  refusedRequests: number;
  /** The notify address set on the merchant platform: where refund notifications go when a refund names none. */
  setPlatformNotifyUrl(url: string): void;
  /** The payer pays (as on the phone page); `notify: false` loses the notification. */
  pay(outTradeNo: string, options?: { notify?: boolean; evenIfClosed?: boolean }): Promise<SimulatedWechatTrade>;
  /** Sends (again) the TRANSACTION.SUCCESS notification of a paid trade. */
  notify(outTradeNo: string, options?: NotifyOptions): Promise<NotifyDelivery>;
  /** Sends (again) the REFUND.SUCCESS notification of a refund. */
  notifyRefund(outRefundNo: string, options?: NotifyOptions): Promise<NotifyDelivery>;
  /** Posts any body with WeChat's headers (signed correctly unless told otherwise). */
  postSigned(url: string, body: string, options?: { wrongSignature?: boolean }): Promise<NotifyDelivery>;
  close(): Promise<void>;
}

const rsaPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (key: KeyObject, type: 'pkcs8' | 'spki') =>
  key.export({ format: 'pem', type } as { format: 'pem'; type: 'pkcs8' }) as string;

const fenText = (fen: number) => (fen / 100).toFixed(2);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export async function startWechatpaySimulator(options: WechatpaySimulatorOptions = {}): Promise<WechatpaySimulator> {
  const now = options.now ?? (() => new Date());
  const autoNotify = options.autoNotify ?? true;
  const merchant = rsaPair();
  const platform = rsaPair();
  const stranger = rsaPair();
  const mchid = '1900009191';
  const appid = 'wxd678efh567hg6787';
  const merchantSerial = randomBytes(20).toString('hex').toUpperCase();
  const platformPublicKeyId = `PUB_KEY_ID_0119000091912025${String(randomInt(0, 1e6)).padStart(6, '0')}`;
  const apiV3Key = randomBytes(16).toString('hex');
  const trades = new Map<string, SimulatedWechatTrade>();
  const byToken = new Map<string, SimulatedWechatTrade>();
  const bills = new Map<string, string>();
  const deliveries: NotifyDelivery[] = [];
  const extraBillLines: ExtraWechatBillLine[] = [];
  let refusedRequests = 0;
  let baseUrl = '';
  let platformNotifyUrl: string | null = null;

  function signWith(key: KeyObject, message: string): string {
    return createSign('RSA-SHA256').update(message).sign(key, 'base64');
  }

  /** WeChat's signed answer: headers over `timestamp\nnonce\nbody\n` with the platform key. */
  function signedHeaders(body: string, key: KeyObject = platform.privateKey): Record<string, string> {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': platformPublicKeyId,
      'wechatpay-signature': signWith(key, `${timestamp}\n${nonce}\n${body}\n`),
    };
  }

  function answer(status: number, value: unknown): SimulatorReply {
    const body = value === undefined ? '' : JSON.stringify(value);
    return { status, headers: { 'content-type': 'application/json', ...signedHeaders(body) }, body };
  }

  const error = (status: number, code: string, message: string) => answer(status, { code, message });

  function merchantSigned(request: SimulatorRequest): boolean {
    const authorization = String(request.headers.authorization ?? '');
    if (!authorization.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
    const fields = Object.fromEntries(
      [...authorization.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]),
    );
    if (fields.mchid !== mchid || fields.serial_no !== merchantSerial) return false;
    const message = `${request.method}\n${request.pathWithQuery}\n${fields.timestamp}\n${fields.nonce_str}\n${request.body}\n`;
    return createVerify('RSA-SHA256')
      .update(message)
      .verify(merchant.publicKey, fields.signature ?? '', 'base64');
  }

  function encryptResource(value: unknown, associatedData: string) {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from(associatedData));
    const encrypted = Buffer.concat([
      cipher.update(JSON.stringify(value), 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return {
      original_type: associatedData,
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: encrypted.toString('base64'),
      associated_data: associatedData,
      nonce,
    };
  }

  async function postSigned(url: string, body: string, opts: { wrongSignature?: boolean } = {}) {
    const delivery = await deliver(
      url,
      {
        headers: {
          'content-type': 'application/json',
          ...signedHeaders(body, opts.wrongSignature ? stranger.privateKey : platform.privateKey),
        },
        body,
      },
      (status) => status >= 200 && status < 300,
      opts.wrongSignature ? 1 : 3,
    );
    deliveries.push(delivery);
    return delivery;
  }

  function event(eventType: string, summary: string, resource: unknown, resourceType: string) {
    return JSON.stringify({
      id: `EV-${randomBytes(8).toString('hex')}`,
      create_time: beijingIsoTime(now()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: encryptResource(resource, resourceType),
    });
  }

  async function notify(outTradeNo: string, opts: NotifyOptions = {}) {
    const trade = trades.get(outTradeNo);
    if (!trade || !trade.successTime) throw new Error(`trade ${outTradeNo} was not paid`);
    const body = event(
      'TRANSACTION.SUCCESS',
      '支付成功',
      {
        mchid: opts.mchid ?? mchid,
        appid,
        out_trade_no: trade.outTradeNo,
        transaction_id: trade.transactionId,
        trade_type: 'NATIVE',
        trade_state: 'SUCCESS',
        trade_state_desc: '支付成功',
        bank_type: 'OTHERS',
        attach: '',
        success_time: beijingIsoTime(trade.successTime),
        payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
        amount: {
          total: opts.amountFen ?? trade.amountFen,
          payer_total: opts.amountFen ?? trade.amountFen,
          currency: 'CNY',
          payer_currency: 'CNY',
        },
      },
      'transaction',
    );
    return postSigned(opts.url ?? trade.notifyUrl, body, { wrongSignature: opts.wrongSignature ?? false });
  }

  function refundOf(outRefundNo: string) {
    for (const trade of trades.values()) {
      const refund = trade.refunds.find((r) => r.outRefundNo === outRefundNo);
      if (refund) return { trade, refund };
    }
    return null;
  }

  async function notifyRefund(outRefundNo: string, opts: NotifyOptions = {}) {
    const found = refundOf(outRefundNo);
    if (!found) throw new Error(`no refund ${outRefundNo}`);
    const { trade, refund } = found;
    const url = opts.url ?? refund.notifyUrl;
    if (!url) throw new Error(`refund ${outRefundNo} has no notify_url`);
    const body = event(
      'REFUND.SUCCESS',
      '退款成功',
      {
        mchid: opts.mchid ?? mchid,
        out_trade_no: trade.outTradeNo,
        transaction_id: trade.transactionId,
        out_refund_no: refund.outRefundNo,
        refund_id: refund.refundId,
        refund_status: 'SUCCESS',
        success_time: beijingIsoTime(refund.createdAt),
        user_received_account: '支付用户零钱',
        amount: {
          total: trade.amountFen,
          refund: opts.amountFen ?? refund.amountFen,
          payer_total: trade.amountFen,
          payer_refund: refund.amountFen,
        },
      },
      'refund',
    );
    return postSigned(url, body, { wrongSignature: opts.wrongSignature ?? false });
  }

  async function pay(outTradeNo: string, opts: { notify?: boolean; evenIfClosed?: boolean } = {}) {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    const payable =
      trade.state === 'NOTPAY' && now().getTime() <= trade.timeExpire.getTime()
        ? true
        : (opts.evenIfClosed ?? false) && trade.state !== 'SUCCESS';
    if (!payable) return trade;
    trade.state = 'SUCCESS';
    trade.successTime = now();
    if (opts.notify ?? autoNotify) await notify(outTradeNo);
    return trade;
  }

  function billOf(day: string): string {
    const head =
      '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';
    const line = (cells: string[]) => cells.map((cell) => `\`${cell}`).join(',');
    const rows: string[] = [];
    let paidFen = 0;
    let refundFen = 0;
    const paidRow = (time: Date, transactionId: string, outTradeNo: string, fen: number, description: string) => {
      paidFen += fen;
      rows.push(
        line([
          formatBeijingTime(time),
          appid,
          mchid,
          '0',
          '',
          transactionId,
          outTradeNo,
          'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
          'NATIVE',
          'SUCCESS',
          'OTHERS',
          'CNY',
          fenText(fen),
          '0.00',
          '0',
          '0',
          '0.00',
          '0.00',
          '',
          '',
          description,
          '',
          '0.00000',
          '0.60%',
          fenText(fen),
          '0.00',
          '',
        ]),
      );
    };
    for (const trade of trades.values()) {
      if (trade.successTime && beijingDayOf(trade.successTime) === day)
        paidRow(trade.successTime, trade.transactionId, trade.outTradeNo, trade.amountFen, trade.description);
      for (const refund of trade.refunds) {
        if (beijingDayOf(refund.createdAt) !== day) continue;
        refundFen += refund.amountFen;
        rows.push(
          line([
            formatBeijingTime(refund.createdAt),
            appid,
            mchid,
            '0',
            '',
            trade.transactionId,
            trade.outTradeNo,
            'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
            'NATIVE',
            'REFUND',
            'OTHERS',
            'CNY',
            '0.00',
            '0.00',
            refund.refundId,
            refund.outRefundNo,
            fenText(refund.amountFen),
            '0.00',
            'ORIGINAL',
            'SUCCESS',
            trade.description,
            '',
            '0.00000',
            '0.60%',
            '0.00',
            fenText(refund.amountFen),
            '',
          ]),
        );
      }
    }
    for (const extra of extraBillLines)
      if (beijingDayOf(extra.time) === day)
        paidRow(extra.time, extra.transactionId, extra.outTradeNo, extra.amountFen, '未知商品');
    const totals = line([
      String(rows.length),
      fenText(paidFen),
      fenText(refundFen),
      '0.00',
      '0.00000',
      fenText(paidFen),
      fenText(refundFen),
    ]);
    return `\uFEFF${head}\r\n${rows.join('\r\n')}${rows.length ? '\r\n' : ''}总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额\r\n${totals}\r\n`;
  }

  function payerPageOf(token: string, choice: string | null): SimulatorReply {
    const trade = byToken.get(token);
    if (!trade) return html(404, '<p>二维码无效</p>');
    if (choice === null) return payerPage('微信支付（模拟）', trade.description, trade.amountFen, `/payer/${token}`);
    if (trade.state !== 'NOTPAY' || now().getTime() > trade.timeExpire.getTime())
      return html(409, '<p>订单已关闭或已支付</p>');
    if (choice === 'fail') {
      trade.state = 'PAYERROR';
      return html(200, '<p>支付失败</p>');
    }
    return html(200, '<p>支付成功</p>');
  }

  async function handle(request: SimulatorRequest): Promise<SimulatorReply> {
    const path = request.url.pathname;
    const payer = /^\/payer\/([\w-]+)(?:\/(pay|fail))?$/.exec(path);
    if (payer) {
      const token = payer[1]!;
      const choice = payer[2] ?? null;
      if (choice === 'pay' && request.method === 'POST') {
        const trade = byToken.get(token);
        if (trade && trade.state === 'NOTPAY' && now().getTime() <= trade.timeExpire.getTime()) {
          await pay(trade.outTradeNo);
          return html(200, '<p>支付成功</p>');
        }
      }
      return payerPageOf(token, request.method === 'POST' ? choice : null);
    }
    if (path === '/v3/billdownload/file') {
      const token = request.url.searchParams.get('token') ?? '';
      const bill = bills.get(token);
      if (!merchantSigned(request)) {
        refusedRequests += 1;
        return error(401, 'SIGN_ERROR', '签名错误');
      }
      return bill === undefined
        ? error(404, 'NO_STATEMENT_EXIST', '账单不存在')
        : { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: bill };
    }
    if (!merchantSigned(request)) {
      refusedRequests += 1;
      return error(401, 'SIGN_ERROR', '签名错误');
    }
    let input: Record<string, unknown> = {};
    if (request.body) {
      try {
        input = JSON.parse(request.body) as Record<string, unknown>;
      } catch {
        return error(400, 'PARAM_ERROR', '请求体不是JSON');
      }
    }
    if (request.method === 'POST' && path === '/v3/pay/transactions/native') {
      const amount = input.amount as { total?: unknown } | undefined;
      const outTradeNo = input.out_trade_no;
      if (input.mchid !== mchid || input.appid !== appid)
        return error(400, 'APPID_MCHID_NOT_MATCH', '商户号与AppID不匹配');
      if (typeof outTradeNo !== 'string' || !/^[\w*|-]{6,32}$/.test(outTradeNo))
        return error(400, 'PARAM_ERROR', 'out_trade_no 格式错误');
      if (typeof amount?.total !== 'number' || amount.total <= 0) return error(400, 'PARAM_ERROR', '金额错误');
      const existing = trades.get(outTradeNo);
      if (existing) {
        if (existing.amountFen !== amount.total) return error(400, 'INVALID_REQUEST', '订单号重复');
        if (existing.state !== 'NOTPAY') return error(400, 'ORDER_CLOSED', '订单已关闭');
        return answer(200, { code_url: `${baseUrl}/payer/${existing.token}` });
      }
      const timeExpire =
        typeof input.time_expire === 'string' ? new Date(input.time_expire) : new Date(now().getTime() + 2 * 3600_000);
      const trade: SimulatedWechatTrade = {
        outTradeNo,
        transactionId: `4200${Date.now()}${String(randomInt(0, 1e6)).padStart(6, '0')}`,
        token: randomBytes(12).toString('base64url'),
        description: text(input.description),
        amountFen: amount.total,
        notifyUrl: text(input.notify_url),
        timeExpire,
        state: 'NOTPAY',
        successTime: null,
        refunds: [],
      };
      trades.set(outTradeNo, trade);
      byToken.set(trade.token, trade);
      return answer(200, { code_url: `${baseUrl}/payer/${trade.token}` });
    }
    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
    if (byNo) {
      const trade = trades.get(decodeURIComponent(byNo[1]!));
      if (!trade) return error(404, 'ORDER_NOT_EXIST', '订单不存在');
      if (byNo[2]) {
        if (trade.state === 'SUCCESS' || trade.state === 'REFUND') return error(400, 'ORDER_PAID', '订单已支付');
        trade.state = 'CLOSED';
        return answer(204, undefined);
      }
      if (trade.state === 'NOTPAY' && now().getTime() > trade.timeExpire.getTime()) trade.state = 'CLOSED';
      return answer(200, {
        appid,
        mchid,
        out_trade_no: trade.outTradeNo,
        transaction_id: trade.successTime ? trade.transactionId : undefined,
        trade_type: 'NATIVE',
        trade_state: trade.state,
        trade_state_desc: trade.state,
        success_time: trade.successTime ? beijingIsoTime(trade.successTime) : undefined,
        amount: { total: trade.amountFen, currency: 'CNY' },
      });
    }
    if (request.method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const trade = trades.get(text(input.out_trade_no));
      const amount = input.amount as { refund?: unknown; total?: unknown } | undefined;
      const outRefundNo = text(input.out_refund_no);
      if (!trade) return error(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      if (trade.state !== 'SUCCESS' && trade.state !== 'REFUND') return error(403, 'NOT_ENOUGH', '订单未支付');
      const existing = trade.refunds.find((r) => r.outRefundNo === outRefundNo);
      if (existing) return answer(200, { refund_id: existing.refundId, out_refund_no: outRefundNo, status: 'SUCCESS' });
      const refunded = trade.refunds.reduce((sum, r) => sum + r.amountFen, 0);
      if (typeof amount?.refund !== 'number' || amount.total !== trade.amountFen || amount.refund <= 0)
        return error(400, 'PARAM_ERROR', '退款金额错误');
      if (refunded + amount.refund > trade.amountFen) return error(403, 'NOT_ENOUGH', '退款金额超过订单金额');
      const refund: SimulatedWechatRefund = {
        outRefundNo,
        refundId: `5030${Date.now()}${String(randomInt(0, 1e6)).padStart(6, '0')}`,
        amountFen: amount.refund,
        notifyUrl: typeof input.notify_url === 'string' ? input.notify_url : platformNotifyUrl,
        createdAt: now(),
      };
      trade.refunds.push(refund);
      trade.state = 'REFUND';
      // WeChat refunds asynchronously: PROCESSING now, the notification once the money is back.
      if (refund.notifyUrl) setTimeout(() => void notifyRefund(outRefundNo).catch(() => undefined), 50);
      return answer(200, {
        refund_id: refund.refundId,
        out_refund_no: outRefundNo,
        transaction_id: trade.transactionId,
        out_trade_no: trade.outTradeNo,
        channel: 'ORIGINAL',
        status: 'PROCESSING',
        create_time: beijingIsoTime(refund.createdAt),
        amount: { total: trade.amountFen, refund: refund.amountFen, currency: 'CNY' },
      });
    }
    if (request.method === 'GET' && path === '/v3/bill/tradebill') {
      const day = request.url.searchParams.get('bill_date') ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return error(400, 'PARAM_ERROR', 'bill_date 格式错误');
      const bill = billOf(day);
      const token = randomBytes(12).toString('hex');
      bills.set(token, bill);
      return answer(200, {
        hash_type: 'SHA1',
        hash_value: createHash('sha1').update(bill).digest('hex'),
        download_url: `${baseUrl}/v3/billdownload/file?token=${token}`,
      });
    }
    return error(404, 'NOT_FOUND', '接口不存在');
  }

  const server = await startSimulatorServer(handle);
  baseUrl = server.baseUrl;
  return {
    baseUrl,
    settings: {
      mchid,
      appid,
      merchantSerial,
      merchantPrivateKey: pem(merchant.privateKey, 'pkcs8'),
      platformPublicKey: pem(platform.publicKey, 'spki'),
      platformPublicKeyId,
      apiV3Key,
      baseUrl: `${baseUrl}/`,
    },
    pems: { merchantPrivateKey: pem(merchant.privateKey, 'pkcs8'), platformPublicKey: pem(platform.publicKey, 'spki') },
    trades,
    deliveries,
    extraBillLines,
    get refusedRequests() {
      return refusedRequests;
    },
    setPlatformNotifyUrl(url: string) {
      platformNotifyUrl = url;
    },
    pay,
    notify,
    notifyRefund,
    postSigned,
    close: () => server.close(),
  };
}
