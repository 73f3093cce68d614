/**
 * An e-invoice provider (issue 37): the platform that issues the association's 增值税电子普通发票
 * under its 税号. Adapters: `sandbox` (invoice-sandbox-provider.ts, drawn by us and marked
 * 测试发票（无效）) and `nuonuo` (nuonuo/nuonuo-provider.ts, 诺诺开放平台), chosen by
 * `INVOICE_PROVIDER` (invoice-provider-from-config.ts).
 *
 * Every call names the request's serial number (`serialNo`), the idempotency key: submitting
 * the same serial number twice never issues two invoices; the adapter asks the provider what
 * became of a serial number before it submits it again.
 */

export interface InvoiceLine {
  /** 培训费 unless configured (`INVOICE_LINE_NAME`). */
  name: string;
  /** '0.06' (`INVOICE_TAX_RATE`). */
  taxRate: string;
  /** 税收分类编码 (`INVOICE_TAX_CODE`). */
  taxCode: string;
}

export interface InvoiceSubmission {
  /** Ours, unique per request: the provider's order number and the idempotency key. */
  serialNo: string;
  /** The 抬头 and, for an enterprise, its 税号. */
  buyerName: string;
  buyerTaxNumber: string | null;
  buyerPhone: string;
  email: string;
  /** 价税合计 in fen (tax included). */
  amountFen: number;
  line: InvoiceLine;
  remark: string;
  /** When 财务 approved it (the invoice date the provider is asked for). */
  requestedAt: Date;
}

/** A final, issued invoice as the provider reports it. */
export interface IssuedInvoice {
  /** The provider's serial number of the submission (诺诺 invoiceSerialNum). */
  providerSerial: string;
  invoiceNo: string;
  /** 发票代码; '' when the invoice has none (数电). */
  invoiceCode: string;
  issuedAt: Date;
  amountFen: number;
  taxFen: number;
  pdfUrl: string | null;
  ofdUrl: string | null;
}

export type InvoiceResult =
  /** Final: issued. */
  | { kind: 'issued'; invoice: IssuedInvoice }
  /** Accepted and still being issued (开票中): ask again later with `query`. */
  | { kind: 'pending'; providerSerial: string }
  /** Final for this attempt: the provider refused, in its own words. 财务 may correct and retry. */
  | { kind: 'failed'; reason: string; providerSerial: string | null };

/** The provider could not be reached or answered nonsense: nothing is known to have happened. */
export class InvoiceProviderUnavailable extends Error {
  override name = 'InvoiceProviderUnavailable';
}

export interface RedLetterRequest {
  /** The serial number of the red invoice (ours, its own idempotency key). */
  serialNo: string;
  /** The blue invoice being cancelled. */
  original: IssuedInvoice;
  submission: InvoiceSubmission;
}

export interface InvoiceProvider {
  readonly name: 'sandbox' | 'nuonuo';
  /** Issues (or, for a serial number it has seen, reports) the invoice. Throws InvoiceProviderUnavailable. */
  issue(submission: InvoiceSubmission): Promise<InvoiceResult>;
  /** What became of a submission, by its provider serial number (开票结果查询). */
  query(submission: InvoiceSubmission, providerSerial: string): Promise<InvoiceResult>;
  /** Issues the red-letter (红冲) invoice of `original`; idempotent by its own serial number. */
  redLetter(request: RedLetterRequest): Promise<InvoiceResult>;
  /** The issued invoice's PDF, to be copied into our storage. */
  pdfOf(invoice: IssuedInvoice, submission: InvoiceSubmission): Promise<Buffer>;
}

/** The tax inside a tax-included amount: amount − amount ÷ (1 + rate), to the fen. */
export function taxIncludedFen(amountFen: number, taxRate: string): number {
  const rate = Number(taxRate);
  return amountFen - Math.round(amountFen / (1 + rate));
}

/** Fen as the providers write money: '200.00'. */
export function yuanText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '200.00' → 20000. */
export function fenOf(yuan: string | number): number {
  return Math.round(Number(yuan) * 100);
}
