import { randomBytes, randomInt } from 'node:crypto';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import {
  fenOf,
  InvoiceProviderUnavailable,
  taxIncludedFen,
  yuanText,
  type InvoiceProvider,
  type InvoiceResult,
  type InvoiceSubmission,
} from '../invoice-provider';
import {
  NUONUO_INVOICE_TYPE,
  NUONUO_ISSUE_METHOD,
  NUONUO_LINE_ELECTRONIC_ORDINARY,
  NUONUO_OK,
  NUONUO_QUERY_METHOD,
  NUONUO_RED_METHOD,
  NUONUO_STATUS,
  nuonuoSign,
  type NuonuoAnswer,
  type NuonuoInvoiceRow,
  type NuonuoOrder,
} from './nuonuo-protocol';

/**
 * `INVOICE_PROVIDER=nuonuo` (issue 37): the association's own application (自用型应用) on
 * 诺诺开放平台. Issue = 开票结果查询 by our serial number (诺诺's orderNo) first, and only a serial
 * number 诺诺 has not seen (or has failed) is submitted with requestBillingNew; the answer is
 * "in progress" with 诺诺's invoiceSerialNum, and `query` reads the result by that serial number
 * until it is final. Red-letter (红冲) is a requestBillingNew of invoiceType 2 naming the blue
 * invoice. No call is retried here: the caller (invoice-issuing.ts) decides.
 */
export interface NuonuoSettings {
  appKey: string;
  appSecret: string;
  accessToken: string;
  /** The association's 税号: header userTax and salerTaxNum. */
  taxNumber: string;
  baseUrl: string;
  sellerPhone: string;
  sellerAddress: string;
  clerk: string;
  /** Default 15 s per call. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

export function createNuonuoProvider(settings: NuonuoSettings): InvoiceProvider {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call<T>(method: string, content: unknown): Promise<NuonuoAnswer<T>> {
    const body = JSON.stringify(content);
    const senid = randomBytes(16).toString('hex');
    const nonce = String(randomInt(10_000_000, 100_000_000));
    const timestamp = String(Math.floor(Date.now() / 1000));
    const url = new URL(settings.baseUrl);
    const sign = nuonuoSign({
      path: url.pathname,
      appKey: settings.appKey,
      appSecret: settings.appSecret,
      senid,
      nonce,
      timestamp,
      body,
    });
    url.search = new URLSearchParams({ senid, nonce, timestamp, appkey: settings.appKey }).toString();
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'X-Nuonuo-Sign': sign,
          accessToken: settings.accessToken,
          userTax: settings.taxNumber,
          method,
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new InvoiceProviderUnavailable(`诺诺开放平台无法连接：${(error as Error).message}`);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) throw new InvoiceProviderUnavailable(`诺诺开放平台返回 HTTP ${response.status}`);
    try {
      const answer = JSON.parse(text) as NuonuoAnswer<T>;
      if (typeof answer.code !== 'string') throw new Error('no code');
      return answer;
    } catch {
      throw new InvoiceProviderUnavailable('诺诺开放平台的应答无法识别');
    }
  }

  function resultOf(row: NuonuoInvoiceRow): InvoiceResult {
    if (row.status === NUONUO_STATUS.issued) {
      return {
        kind: 'issued',
        invoice: {
          providerSerial: row.serialNo,
          invoiceNo: row.invoiceNo,
          invoiceCode: row.invoiceCode ?? '',
          issuedAt: row.invoiceDate ? new Date(row.invoiceDate) : new Date(),
          // A red-letter invoice's amounts are negative.
          amountFen: fenOf(row.orderAmount),
          taxFen: fenOf(row.taxAmount),
          pdfUrl: row.pdfUrl || null,
          ofdUrl: row.ofdUrl || null,
        },
      };
    }
    if (row.status === NUONUO_STATUS.failed || row.status === NUONUO_STATUS.signFailed)
      return { kind: 'failed', reason: row.failCause || row.statusMsg || '开票失败', providerSerial: row.serialNo };
    return { kind: 'pending', providerSerial: row.serialNo };
  }

  async function queryBy(field: 'orderNos' | 'serialNos', value: string): Promise<NuonuoInvoiceRow | null> {
    const answer = await call<NuonuoInvoiceRow[]>(NUONUO_QUERY_METHOD, {
      [field]: [value],
      isOfferInvoiceDetail: '0',
    });
    if (answer.code !== NUONUO_OK) throw new InvoiceProviderUnavailable(`诺诺开放平台查询失败：${answer.describe}`);
    return answer.result?.[0] ?? null;
  }

  function orderOf(submission: InvoiceSubmission, sign: 1 | -1): NuonuoOrder {
    const amount = sign * submission.amountFen;
    const tax = sign * taxIncludedFen(submission.amountFen, submission.line.taxRate);
    return {
      buyerName: submission.buyerName,
      ...(submission.buyerTaxNumber ? { buyerTaxNum: submission.buyerTaxNumber } : {}),
      buyerPhone: submission.buyerPhone,
      email: submission.email,
      salerTaxNum: settings.taxNumber,
      salerTel: settings.sellerPhone,
      salerAddress: settings.sellerAddress,
      orderNo: submission.serialNo,
      invoiceDate: formatBeijingTime(submission.requestedAt),
      clerk: settings.clerk,
      invoiceType: sign === 1 ? NUONUO_INVOICE_TYPE.blue : NUONUO_INVOICE_TYPE.red,
      invoiceLine: NUONUO_LINE_ELECTRONIC_ORDINARY,
      pushMode: '-1',
      ...(submission.remark ? { remark: submission.remark } : {}),
      invoiceDetail: [
        {
          goodsName: submission.line.name,
          goodsCode: submission.line.taxCode,
          withTaxFlag: '1',
          num: String(sign),
          price: yuanText(submission.amountFen),
          taxRate: submission.line.taxRate,
          tax: yuanText(tax),
          taxIncludedAmount: yuanText(amount),
          invoiceLineProperty: '0',
        },
      ],
    };
  }

  async function submit(order: NuonuoOrder, sign: 1 | -1): Promise<InvoiceResult> {
    // The serial number is the idempotency key: what 诺诺 already holds under it is the answer.
    const known = await queryBy('orderNos', order.orderNo);
    if (known !== null && known.status !== NUONUO_STATUS.failed) return resultOf(known);
    const answer = await call<{ invoiceSerialNum: string }>(sign === 1 ? NUONUO_ISSUE_METHOD : NUONUO_RED_METHOD, {
      order,
    });
    if (answer.code !== NUONUO_OK || !answer.result?.invoiceSerialNum)
      return { kind: 'failed', reason: `${answer.describe}（${answer.code}）`, providerSerial: null };
    return { kind: 'pending', providerSerial: answer.result.invoiceSerialNum };
  }

  return {
    name: 'nuonuo',
    issue: (submission) => submit(orderOf(submission, 1), 1),
    async query(_submission, providerSerial) {
      const row = await queryBy('serialNos', providerSerial);
      if (row === null) throw new InvoiceProviderUnavailable(`诺诺开放平台查无此流水号：${providerSerial}`);
      return resultOf(row);
    },
    redLetter: ({ serialNo, original, submission }) =>
      submit(
        {
          ...orderOf({ ...submission, serialNo }, -1),
          invoiceCode: original.invoiceCode,
          invoiceNum: original.invoiceNo,
        },
        -1,
      ),
    async pdfOf(invoice) {
      if (!invoice.pdfUrl) throw new InvoiceProviderUnavailable('诺诺开放平台未提供发票 PDF 地址');
      let response: Response;
      try {
        response = await fetch(invoice.pdfUrl, { signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        throw new InvoiceProviderUnavailable(`发票 PDF 无法下载：${(error as Error).message}`);
      }
      if (!response.ok) throw new InvoiceProviderUnavailable(`发票 PDF 无法下载：HTTP ${response.status}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-')))
        throw new InvoiceProviderUnavailable('发票 PDF 下载内容不是 PDF');
      return bytes;
    },
  };
}
