import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as WechatpaySdk from 'wechatpay-axios-plugin';
import type { AxiosError, AxiosInstance } from 'axios';
import type {
  BillEntry,
  CreatePaymentInput,
  CreatePaymentResult,
  NotifyAnswer,
  PaymentNotification,
  PaymentProvider,
  PaymentQueryResult,
  RefundInput,
  RefundNotification,
  RefundResult,
} from '../payment-provider';
import { beijingIsoTime } from '@yaoshi/contracts/beijing-time';
import { parseBeijingDateTime } from '../beijing-time';

/**
 * WeChat Pay API v3 (微信支付), Native payment: the QR code encodes the `code_url` WeChat
 * returns. Requests are signed and answers verified by `wechatpay-axios-plugin`; the
 * notification is verified with the platform public key (微信支付公钥) and its resource
 * decrypted with the APIv3 key (AEAD_AES_256_GCM), as WeChat prescribes.
 * https://pay.weixin.qq.com/doc/v3/merchant/4012791874
 */

export const WECHATPAY_PROVIDER_NAME = 'wechatpay';

// Loaded only when WeChat Pay is configured (or a bill is read): it pulls in axios and an XML parser.
const requireModule = createRequire(import.meta.url);
const loadSdk = () => requireModule('wechatpay-axios-plugin') as typeof WechatpaySdk;
export const WECHATPAY_DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com/';

export interface WechatpaySettings {
  mchid: string;
  appid: string;
  /** The merchant API certificate's serial number (商户API证书序列号). */
  merchantSerial: string;
  merchantPrivateKey: string;
  /** 微信支付公钥 and its ID (the `Wechatpay-Serial` it signs with). */
  platformPublicKey: string;
  platformPublicKeyId: string;
  /** The 32-byte APIv3 key that encrypts notification resources. */
  apiV3Key: string;
  baseUrl: string;
  /** Where WeChat posts refund notifications; unset: the address configured on the merchant platform. */
  refundNotifyUrl?: string | undefined;
  timeoutMs?: number;
}

interface WechatTransaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number };
}

interface WechatRefundResource {
  mchid?: string;
  out_trade_no?: string;
  out_refund_no?: string;
  refund_id?: string;
  refund_status?: string;
  success_time?: string;
  amount?: { refund?: number };
}

const NOT_FOUND_CODES = new Set(['ORDER_NOT_EXIST', 'RESOURCE_NOT_EXISTS']);
/** Closing an order WeChat already paid or closed is not an error for us: the query after tells which. */
const CLOSE_HARMLESS_CODES = new Set(['ORDER_PAID', 'ORDER_CLOSED', 'ORDER_NOT_EXIST']);

function errorCode(error: unknown): string | undefined {
  const data = (error as AxiosError<{ code?: string }>).response?.data;
  return typeof data === 'object' && data !== null ? data.code : undefined;
}

function errorMessage(error: unknown): string {
  const data = (error as AxiosError<{ message?: string }>).response?.data;
  if (typeof data === 'object' && data !== null && typeof data.message === 'string') return data.message;
  return error instanceof Error ? error.message : String(error);
}

function header(headers: Readonly<Record<string, string | string[] | undefined>>, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The 27 columns of WeChat's `ALL` trade bill this code reads, by their Chinese names. */
const BILL = {
  time: '交易时间',
  transactionId: '微信订单号',
  outTradeNo: '商户订单号',
  state: '交易状态',
  settledAmount: '应结订单金额',
  refundId: '微信退款单号',
  outRefundNo: '商户退款单号',
  refundAmount: '退款金额',
} as const;

const yuanTextToFen = (text: string | undefined): number => Math.round(Number((text ?? '').trim()) * 100);

/**
 * A WeChat trade bill (CSV: every value prefixed with a backquote, then a totals caption
 * and a totals line), read with the SDK's own `Formatter.castCsvBill`: a SUCCESS row is
 * money taken, a REFUND row money given back.
 */
export function parseWechatBill(text: string): BillEntry[] {
  const withBom = text.startsWith('\uFEFF') ? text : `\uFEFF${text}`;
  const { Formatter } = loadSdk();
  const { rows } = Formatter.castCsvBill(Buffer.from(withBom, 'utf8')) as { rows: Array<Record<string, string>> };
  const entries: BillEntry[] = [];
  for (const row of rows) {
    const state = row[BILL.state]?.trim();
    const outTradeNo = row[BILL.outTradeNo]?.trim() ?? '';
    const occurredAt = parseBeijingDateTime(row[BILL.time] ?? '');
    if (!outTradeNo || !occurredAt) continue;
    if (state === 'SUCCESS')
      entries.push({
        kind: 'payment',
        merchantOrderNo: outTradeNo,
        providerTradeNo: row[BILL.transactionId]?.trim() ?? '',
        amountFen: yuanTextToFen(row[BILL.settledAmount]),
        merchantRefundNo: null,
        occurredAt,
      });
    else if (state === 'REFUND')
      entries.push({
        kind: 'refund',
        merchantOrderNo: outTradeNo,
        providerTradeNo: row[BILL.refundId]?.trim() ?? '',
        amountFen: yuanTextToFen(row[BILL.refundAmount]),
        merchantRefundNo: row[BILL.outRefundNo]?.trim() || null,
        occurredAt,
      });
  }
  return entries;
}

export function createWechatpayProvider(settings: WechatpaySettings): PaymentProvider {
  const { Aes, Decorator, Formatter, Rsa } = loadSdk();
  const { mchid, appid } = settings;
  // `baseURL` and `timeout` are axios settings the decorator merges into its client.
  const clientSettings = {
    mchid,
    serial: settings.merchantSerial,
    privateKey: settings.merchantPrivateKey,
    certs: { [settings.platformPublicKeyId]: settings.platformPublicKey },
    baseURL: settings.baseUrl,
    timeout: settings.timeoutMs ?? 10_000,
  };
  const client: AxiosInstance = Decorator.jsonBased(clientSettings);
  const platformKey = Rsa.from(settings.platformPublicKey, Rsa.KEY_TYPE_PUBLIC);

  async function transaction(merchantNo: string): Promise<WechatTransaction | null> {
    try {
      const { data } = await client.get<WechatTransaction>(
        `v3/pay/transactions/out-trade-no/${encodeURIComponent(merchantNo)}`,
        { params: { mchid } },
      );
      return data;
    } catch (error) {
      if (NOT_FOUND_CODES.has(errorCode(error) ?? '')) return null;
      throw error;
    }
  }

  function decryptResource(resource: unknown): unknown {
    if (!isObject(resource) || resource.algorithm !== 'AEAD_AES_256_GCM') return null;
    const { ciphertext, nonce, associated_data: aad } = resource;
    if (typeof ciphertext !== 'string' || typeof nonce !== 'string') return null;
    try {
      return JSON.parse(
        Aes.AesGcm.decrypt(ciphertext, settings.apiV3Key, nonce, typeof aad === 'string' ? aad : ''),
      ) as unknown;
    } catch {
      return null;
    }
  }

  return {
    name: WECHATPAY_PROVIDER_NAME,

    async createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult> {
      if (input.payType !== 3) throw new Error('WeChat Pay Native serves the QR pay type (3) only');
      const { data } = await client.post<{ code_url?: string }>('v3/pay/transactions/native', {
        appid,
        mchid,
        description: input.description.slice(0, 127),
        out_trade_no: input.merchantOrderNo,
        time_expire: beijingIsoTime(input.expiresAt),
        notify_url: input.notifyUrl,
        amount: { total: input.amountFen, currency: 'CNY' },
      });
      if (typeof data.code_url !== 'string') throw new Error('WeChat Pay answered without a code_url');
      return { payType: 3, qrcodeUrl: data.code_url };
    },

    verifyNotification(body, headers): PaymentNotification | RefundNotification | null {
      const timestamp = header(headers, 'wechatpay-timestamp');
      const nonce = header(headers, 'wechatpay-nonce');
      const signature = header(headers, 'wechatpay-signature');
      const serial = header(headers, 'wechatpay-serial');
      if (!timestamp || !nonce || !signature || serial !== settings.platformPublicKeyId) return null;
      let verified = false;
      try {
        verified = Rsa.verify(Formatter.response(timestamp, nonce, body), signature, platformKey);
      } catch {
        verified = false;
      }
      if (!verified) return null;
      let event: unknown;
      try {
        event = JSON.parse(body);
      } catch {
        return null;
      }
      if (!isObject(event) || typeof event.event_type !== 'string') return null;
      const resource = decryptResource(event.resource);
      if (!isObject(resource)) return null;
      if (event.event_type === 'TRANSACTION.SUCCESS') {
        const paid = resource as WechatTransaction;
        if (paid.mchid !== mchid || paid.appid !== appid || paid.trade_state !== 'SUCCESS') return null;
        const total = paid.amount?.total;
        if (typeof paid.out_trade_no !== 'string' || typeof paid.transaction_id !== 'string') return null;
        if (typeof total !== 'number' || !Number.isSafeInteger(total)) return null;
        const occurredAt = new Date(paid.success_time ?? '');
        if (Number.isNaN(occurredAt.getTime())) return null;
        return {
          merchantOrderNo: paid.out_trade_no,
          providerTradeNo: paid.transaction_id,
          amountFen: total,
          outcome: 'paid',
          occurredAt,
        };
      }
      if (event.event_type.startsWith('REFUND.')) {
        const refund = resource as WechatRefundResource;
        if (refund.mchid !== mchid || typeof refund.out_trade_no !== 'string') return null;
        if (typeof refund.out_refund_no !== 'string' || typeof refund.refund_id !== 'string') return null;
        const amount = refund.amount?.refund;
        if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) return null;
        const occurredAt = new Date(
          refund.success_time ?? (typeof event.create_time === 'string' ? event.create_time : ''),
        );
        return {
          kind: 'refund',
          merchantOrderNo: refund.out_trade_no,
          merchantRefundNo: refund.out_refund_no,
          providerRefundNo: refund.refund_id,
          amountFen: amount,
          outcome: refund.refund_status === 'SUCCESS' ? 'refunded' : 'failed',
          occurredAt: Number.isNaN(occurredAt.getTime()) ? new Date() : occurredAt,
        };
      }
      return null;
    },

    answerNotification(accepted: boolean): NotifyAnswer {
      // WeChat: 2xx without a body means received; otherwise a JSON `{ code, message }` and it sends again.
      return accepted
        ? { status: 204, contentType: 'application/json', body: '' }
        : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
    },

    async query(merchantNo: string): Promise<PaymentQueryResult> {
      const found = await transaction(merchantNo);
      if (!found) return { state: 'closed' };
      switch (found.trade_state) {
        case 'SUCCESS':
        case 'REFUND':
          return {
            state: 'paid',
            providerTradeNo: found.transaction_id ?? '',
            amountFen: found.amount?.total ?? 0,
          };
        case 'NOTPAY':
        case 'USERPAYING':
          return { state: 'pending' };
        case 'PAYERROR':
          return { state: 'failed' };
        default:
          return { state: 'closed' };
      }
    },

    async close(merchantNo: string): Promise<void> {
      try {
        await client.post(`v3/pay/transactions/out-trade-no/${encodeURIComponent(merchantNo)}/close`, { mchid });
      } catch (error) {
        if (!CLOSE_HARMLESS_CODES.has(errorCode(error) ?? '')) throw error;
      }
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const paid = await transaction(input.merchantOrderNo);
      const total = paid?.amount?.total;
      if (!paid || (paid.trade_state !== 'SUCCESS' && paid.trade_state !== 'REFUND') || total === undefined)
        return { state: 'failed', reason: '该笔交易未支付，无法退款' };
      try {
        const { data } = await client.post<{ refund_id?: string; status?: string }>('v3/refund/domestic/refunds', {
          out_trade_no: input.merchantOrderNo,
          out_refund_no: input.merchantRefundNo,
          reason: input.reason.slice(0, 80),
          ...(settings.refundNotifyUrl ? { notify_url: settings.refundNotifyUrl } : {}),
          amount: { refund: input.amountFen, total, currency: 'CNY' },
        });
        if (data.status === 'SUCCESS' || data.status === 'PROCESSING')
          return { state: 'refunded', providerRefundNo: data.refund_id ?? '' };
        return { state: 'failed', reason: `微信支付退款状态：${data.status ?? '未知'}` };
      } catch (error) {
        const status = (error as AxiosError).response?.status;
        if (status !== undefined && status >= 400 && status < 500)
          return { state: 'failed', reason: errorMessage(error) };
        throw error;
      }
    },

    async downloadBill(day: string): Promise<BillEntry[]> {
      const { data } = await client.get<{ download_url?: string; hash_type?: string; hash_value?: string }>(
        'v3/bill/tradebill',
        { params: { bill_date: day, bill_type: 'ALL' } },
      );
      if (typeof data.download_url !== 'string') throw new Error('WeChat Pay answered without a download_url');
      // Relative to the API's base, as the SDK knows the download path by it (downloads are not signed).
      const address = new URL(data.download_url);
      const file = await client.get<ArrayBuffer>(address.pathname.replace(/^\//, ''), {
        params: Object.fromEntries(address.searchParams),
        responseType: 'arraybuffer',
      });
      const bytes = Buffer.from(file.data);
      if (
        data.hash_type === 'SHA1' &&
        createHash('sha1').update(bytes).digest('hex') !== data.hash_value?.toLowerCase()
      )
        throw new Error('WeChat Pay bill does not match its SHA1 hash');
      return parseWechatBill(bytes.toString('utf8'));
    },
  };
}
