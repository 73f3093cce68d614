import { createRequire } from 'node:module';
import type * as AlipayModule from 'alipay-sdk';
import type { AlipaySdk } from 'alipay-sdk';
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
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { parseBeijingDateTime } from '../beijing-time';

/**
 * Alipay (支付宝) through the official `alipay-sdk`: precreate (当面付, a QR) for pay type 3,
 * page pay (电脑网站支付, `alipay.trade.page.pay`) for the redirect type 2; query, close and
 * refund; notifications verified with the Alipay public key (RSA2) by the SDK.
 * https://opendocs.alipay.com/open/270/105900
 */

export const ALIPAY_PROVIDER_NAME = 'alipay';

// Loaded only when Alipay is configured: the SDK costs seconds at start on a busy machine.
const requireModule = createRequire(import.meta.url);
const loadAlipaySdk = () => (requireModule('alipay-sdk') as typeof AlipayModule).AlipaySdk;
export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do';

export interface AlipaySettings {
  appId: string;
  /** The application's private key (PKCS#8 or PKCS#1 PEM). */
  privateKey: string;
  /** 支付宝公钥: verifies Alipay's answers and notifications. */
  alipayPublicKey: string;
  gateway: string;
  timeoutMs?: number;
}

/** What Alipay's gateway answers, after the SDK verified its signature and camel-cased its keys. */
interface AlipayAnswer {
  code?: string;
  msg?: string;
  subCode?: string;
  subMsg?: string;
  qrCode?: string;
  tradeNo?: string;
  tradeStatus?: string;
  totalAmount?: string;
  billDownloadUrl?: string;
}

const SUCCESS = '10000';
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';
/** Closing a trade that is already paid, closed or was never scanned changes nothing: the query after tells which. */
const CLOSE_HARMLESS = new Set([TRADE_NOT_EXIST, 'ACQ.TRADE_STATUS_ERROR']);

export const fenToYuanText = (fen: number): string => (fen / 100).toFixed(2);
export const yuanTextToFen = (text: string | undefined): number => Math.round(Number((text ?? '').trim()) * 100);

/** The columns of Alipay's trade bill (业务明细) this code reads. */
const BILL = {
  tradeNo: '支付宝交易号',
  outTradeNo: '商户订单号',
  type: '业务类型',
  finishedAt: '完成时间',
  amount: '订单金额（元）',
  refundNo: '退款批次号/请求号',
} as const;

/**
 * Alipay's daily trade bill: a zip of GBK CSV files; the detail file (业务明细, not 汇总)
 * has `#` comment lines around a header and one line per 交易 (payment) or 退款 (refund,
 * negative amount).
 */
export async function parseAlipayBillZip(zipBytes: Uint8Array): Promise<BillEntry[]> {
  const { default: JSZip } = await import('jszip');
  const zip = await JSZip.loadAsync(zipBytes);
  const detail = Object.values(zip.files).find(
    (file) => !file.dir && file.name.endsWith('.csv') && file.name.includes('业务明细') && !file.name.includes('汇总'),
  );
  if (!detail) throw new Error('Alipay bill has no 业务明细 file');
  const text = new TextDecoder('gbk').decode(await detail.async('uint8array'));
  return parseAlipayBillCsv(text);
}

export function parseAlipayBillCsv(text: string): BillEntry[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const [head, ...rows] = lines;
  if (!head) return [];
  const columns = head.split(',').map((name) => name.trim());
  const at = (cells: string[], name: string) => cells[columns.indexOf(name)]?.trim() ?? '';
  const entries: BillEntry[] = [];
  for (const row of rows) {
    const cells = row.split(',');
    const outTradeNo = at(cells, BILL.outTradeNo);
    const occurredAt = parseBeijingDateTime(at(cells, BILL.finishedAt));
    if (!outTradeNo || !occurredAt) continue;
    const type = at(cells, BILL.type);
    const amountFen = Math.abs(yuanTextToFen(at(cells, BILL.amount)));
    if (type === '交易')
      entries.push({
        kind: 'payment',
        merchantOrderNo: outTradeNo,
        providerTradeNo: at(cells, BILL.tradeNo),
        amountFen,
        merchantRefundNo: null,
        occurredAt,
      });
    else if (type === '退款')
      entries.push({
        kind: 'refund',
        merchantOrderNo: outTradeNo,
        providerTradeNo: at(cells, BILL.tradeNo),
        amountFen,
        merchantRefundNo: at(cells, BILL.refundNo) || null,
        occurredAt,
      });
  }
  return entries;
}

export function createAlipayProvider(settings: AlipaySettings): PaymentProvider {
  const sdk: AlipaySdk = new (loadAlipaySdk())({
    appId: settings.appId,
    // The SDK rebuilds the PEM from its lines: a trailing newline would break it.
    privateKey: settings.privateKey.trim(),
    alipayPublicKey: settings.alipayPublicKey.trim(),
    gateway: settings.gateway,
    keyType: settings.privateKey.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
    timeout: settings.timeoutMs ?? 10_000,
  });

  async function call(method: string, bizContent: Record<string, unknown>, extra: Record<string, string> = {}) {
    return (await sdk.exec(method, { ...extra, bizContent }, { validateSign: true })) as AlipayAnswer;
  }

  const refused = (answer: AlipayAnswer) =>
    new Error(`Alipay refused: ${answer.code ?? '?'} ${answer.subCode ?? ''} ${answer.subMsg ?? answer.msg ?? ''}`);

  return {
    name: ALIPAY_PROVIDER_NAME,

    async createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult> {
      const order = {
        out_trade_no: input.merchantOrderNo,
        total_amount: fenToYuanText(input.amountFen),
        subject: input.description.slice(0, 256),
        time_expire: formatBeijingTime(input.expiresAt),
      };
      if (input.payType === 3) {
        const answer = await call('alipay.trade.precreate', order, { notifyUrl: input.notifyUrl });
        if (answer.code !== SUCCESS || typeof answer.qrCode !== 'string') throw refused(answer);
        return { payType: 3, qrcodeUrl: answer.qrCode };
      }
      const redirectUrl = sdk.pageExecute('alipay.trade.page.pay', 'GET', {
        notifyUrl: input.notifyUrl,
        returnUrl: input.returnUrl,
        bizContent: { ...order, product_code: 'FAST_INSTANT_TRADE_PAY' },
      });
      return { payType: 2, redirectUrl };
    },

    verifyNotification(body): PaymentNotification | RefundNotification | null {
      const fields = Object.fromEntries(new URLSearchParams(body));
      // The body was decoded once already: verify over the decoded values as they are (V2).
      if (!sdk.checkNotifySignV2(fields)) return null;
      if (fields.app_id !== settings.appId) return null;
      const merchantOrderNo = fields.out_trade_no;
      const tradeNo = fields.trade_no;
      if (!merchantOrderNo || !tradeNo) return null;
      if (fields.out_biz_no && fields.refund_fee) {
        const occurredAt = parseBeijingDateTime(fields.gmt_refund ?? '') ?? new Date();
        return {
          kind: 'refund',
          merchantOrderNo,
          merchantRefundNo: fields.out_biz_no,
          providerRefundNo: tradeNo,
          amountFen: yuanTextToFen(fields.refund_fee),
          outcome: 'refunded',
          occurredAt,
        };
      }
      const amountFen = yuanTextToFen(fields.total_amount);
      if (!Number.isSafeInteger(amountFen) || amountFen < 0) return null;
      const status = fields.trade_status;
      if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') {
        const occurredAt = parseBeijingDateTime(fields.gmt_payment ?? '');
        if (!occurredAt) return null;
        return { merchantOrderNo, providerTradeNo: tradeNo, amountFen, outcome: 'paid', occurredAt };
      }
      if (status === 'TRADE_CLOSED') {
        const occurredAt = parseBeijingDateTime(fields.gmt_close ?? fields.notify_time ?? '') ?? new Date();
        return { merchantOrderNo, providerTradeNo: tradeNo, amountFen, outcome: 'failed', occurredAt };
      }
      return null;
    },

    answerNotification(accepted: boolean): NotifyAnswer {
      // Alipay: the text `success`, or it sends again (up to 8 times over 25 hours).
      return accepted
        ? { status: 200, contentType: 'text/plain', body: 'success' }
        : { status: 400, contentType: 'text/plain', body: 'fail' };
    },

    async query(merchantNo: string): Promise<PaymentQueryResult> {
      const answer = await call('alipay.trade.query', { out_trade_no: merchantNo });
      // A precreated QR not yet scanned has no trade at Alipay: still payable until it expires.
      if (answer.subCode === TRADE_NOT_EXIST) return { state: 'pending' };
      if (answer.code !== SUCCESS) throw refused(answer);
      switch (answer.tradeStatus) {
        case 'TRADE_SUCCESS':
        case 'TRADE_FINISHED':
          return { state: 'paid', providerTradeNo: answer.tradeNo ?? '', amountFen: yuanTextToFen(answer.totalAmount) };
        case 'WAIT_BUYER_PAY':
          return { state: 'pending' };
        default:
          return { state: 'closed' };
      }
    },

    async close(merchantNo: string): Promise<void> {
      const answer = await call('alipay.trade.close', { out_trade_no: merchantNo });
      if (answer.code !== SUCCESS && !CLOSE_HARMLESS.has(answer.subCode ?? '')) throw refused(answer);
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const answer = await call('alipay.trade.refund', {
        out_trade_no: input.merchantOrderNo,
        refund_amount: fenToYuanText(input.amountFen),
        out_request_no: input.merchantRefundNo,
        refund_reason: input.reason,
      });
      if (answer.code === SUCCESS) return { state: 'refunded', providerRefundNo: answer.tradeNo ?? '' };
      return { state: 'failed', reason: answer.subMsg ?? answer.msg ?? '支付宝拒绝退款' };
    },

    async downloadBill(day: string): Promise<BillEntry[]> {
      const answer = await call('alipay.data.dataservice.bill.downloadurl.query', {
        bill_type: 'trade',
        bill_date: day,
      });
      if (answer.code !== SUCCESS || typeof answer.billDownloadUrl !== 'string') throw refused(answer);
      const response = await fetch(answer.billDownloadUrl);
      if (!response.ok) throw new Error(`Alipay bill download failed: HTTP ${response.status}`);
      return parseAlipayBillZip(new Uint8Array(await response.arrayBuffer()));
    },
  };
}
