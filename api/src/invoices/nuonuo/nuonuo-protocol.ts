import { createHmac } from 'node:crypto';

/**
 * The wire protocol of 诺诺开放平台 (open.nuonuo.com, 开放平台 API 文档 and its Java/PHP SDKs),
 * shared by the adapter (nuonuo-provider.ts) and the test simulator (nuonuo-simulator.ts):
 *
 * - one address for every method, `…/open/v1/services?senid=…&nonce=…&timestamp=…&appkey=…`,
 *   POST with a JSON body of the method's own parameters;
 * - headers `X-Nuonuo-Sign`, `accessToken`, `userTax` (the seller's 税号) and `method`;
 * - the signature: HMAC-SHA1 with the appSecret over
 *   `a=<last path segment>&l=<version segment>&p=<first segment>&k=<appKey>&i=<senid>&n=<nonce>&t=<timestamp>&f=<body>`,
 *   Base64 (for `/open/v1/services`: a=services, l=v1, p=open);
 * - answers `{ code, describe, result }`, `code` E0000 on success.
 */

export const NUONUO_ISSUE_METHOD = 'nuonuo.ElectronInvoice.requestBillingNew';
export const NUONUO_QUERY_METHOD = 'nuonuo.ElectronInvoice.queryInvoiceResult';
/** 红冲 of a 电子普票 is a requestBillingNew with invoiceType 2 naming the blue invoice's code and number. */
export const NUONUO_RED_METHOD = NUONUO_ISSUE_METHOD;

export const NUONUO_OK = 'E0000';

/** `invoiceType`: 1 a blue (normal) invoice, 2 a red-letter one. */
export const NUONUO_INVOICE_TYPE = { blue: '1', red: '2' } as const;
/** `invoiceLine` p: 电子增值税普通发票. */
export const NUONUO_LINE_ELECTRONIC_ORDINARY = 'p';

/** 开票结果查询 `status`. */
export const NUONUO_STATUS = {
  issued: '2',
  issuing: '20',
  signing: '21',
  failed: '22',
  signFailed: '24',
  voided: '3',
  voiding: '31',
} as const;

export interface NuonuoSignInput {
  path: string;
  appKey: string;
  appSecret: string;
  senid: string;
  nonce: string;
  timestamp: string;
  body: string;
}

export function nuonuoSign(input: NuonuoSignInput): string {
  const [, p = '', l = '', a = ''] = input.path.split('/');
  const text = `a=${a}&l=${l}&p=${p}&k=${input.appKey}&i=${input.senid}&n=${input.nonce}&t=${input.timestamp}&f=${input.body}`;
  return createHmac('sha1', input.appSecret).update(text, 'utf8').digest('base64');
}

/** One invoice line of requestBillingNew (tax included: withTaxFlag 1). */
export interface NuonuoInvoiceDetail {
  goodsName: string;
  goodsCode: string;
  withTaxFlag: '1';
  num: string;
  price: string;
  taxRate: string;
  tax: string;
  taxIncludedAmount: string;
  invoiceLineProperty: '0';
}

export interface NuonuoOrder {
  buyerName: string;
  buyerTaxNum?: string;
  buyerPhone: string;
  email: string;
  salerTaxNum: string;
  salerTel: string;
  salerAddress: string;
  orderNo: string;
  /** 'yyyy-MM-dd HH:mm:ss', Beijing. */
  invoiceDate: string;
  clerk: string;
  invoiceType: '1' | '2';
  invoiceLine: string;
  /** -1: 诺诺 sends nothing to the buyer (we mail the invoice ourselves). */
  pushMode: '-1';
  remark?: string;
  /** Red-letter only: the blue invoice. */
  invoiceCode?: string;
  invoiceNum?: string;
  invoiceDetail: NuonuoInvoiceDetail[];
}

/** One row of the 开票结果查询 answer (the fields used here). */
export interface NuonuoInvoiceRow {
  serialNo: string;
  orderNo: string;
  status: string;
  statusMsg: string;
  failCause: string;
  invoiceCode: string;
  invoiceNo: string;
  /** Milliseconds. */
  invoiceDate: number | null;
  orderAmount: string;
  taxAmount: string;
  pdfUrl: string;
  ofdUrl: string;
}

export interface NuonuoAnswer<T> {
  code: string;
  describe: string;
  result?: T;
}
