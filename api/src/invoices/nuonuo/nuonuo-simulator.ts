import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import {
  NUONUO_INVOICE_TYPE,
  NUONUO_ISSUE_METHOD,
  NUONUO_OK,
  NUONUO_QUERY_METHOD,
  NUONUO_STATUS,
  nuonuoSign,
  type NuonuoInvoiceRow,
  type NuonuoOrder,
} from './nuonuo-protocol';

/**
 * A protocol simulator of 诺诺开放平台 for tests (issue 37), written from its public API
 * documentation: it checks every request's X-Nuonuo-Sign (HMAC-SHA1 over the documented
 * string), accessToken and userTax; answers a submission "accepted" with an invoiceSerialNum
 * and reports it 开票中 for `pendingQueries` queries before it is 开票完成 (or 开票失败, when a
 * failure was armed); keeps one invoice per orderNo (a duplicate submission of an order
 * number gets 诺诺's refusal and issues nothing); answers 开票结果查询 by serialNos or orderNos;
 * issues red-letter invoices naming a blue one; serves each issued invoice's PDF. `outage`
 * answers every call with HTTP 503. Never part of a running server.
 */

export interface NuonuoCredentials {
  appKey: string;
  appSecret: string;
  accessToken: string;
  taxNumber: string;
}

interface SimulatedInvoice {
  order: NuonuoOrder;
  serialNo: string;
  status: string;
  failCause: string;
  queriesLeft: number;
  invoiceNo: string;
  invoiceCode: string;
  invoiceDate: number | null;
}

export interface NuonuoSimulator {
  /** The services address (`http://127.0.0.1:<port>/open/v1/services`): NUONUO_BASE_URL. */
  baseUrl: string;
  /** How many 开票中 answers a new submission gets before it is final (default 1). */
  pendingQueries: number;
  /** Every call answers HTTP 503 while set. */
  outage: boolean;
  /** The next submission ends 开票失败 with these words. */
  failNext(cause: string): void;
  /** Submissions received (accepted or refused) and invoices finally issued, blue and red. */
  readonly submissions: number;
  readonly issued: NuonuoOrder[];
  /** Requests refused for a bad signature, token or 税号. */
  readonly badRequests: number;
  close(): Promise<void>;
}

const bad = (code: string, describe: string) => ({ code, describe });

export async function startNuonuoSimulator(credentials: NuonuoCredentials): Promise<NuonuoSimulator> {
  const byOrderNo = new Map<string, SimulatedInvoice>();
  const bySerial = new Map<string, SimulatedInvoice>();
  const issued: NuonuoOrder[] = [];
  let submissions = 0;
  let badRequests = 0;
  let armedFailure: string | null = null;
  let sequence = 0;
  let baseUrl = '';

  const rowOf = (invoice: SimulatedInvoice): NuonuoInvoiceRow => {
    const detail = invoice.order.invoiceDetail[0];
    return {
      serialNo: invoice.serialNo,
      orderNo: invoice.order.orderNo,
      status: invoice.status,
      statusMsg:
        invoice.status === NUONUO_STATUS.issued
          ? '开票完成（最终状态）'
          : invoice.status === NUONUO_STATUS.failed
            ? '开票失败'
            : '开票中',
      failCause: invoice.failCause,
      invoiceCode: invoice.invoiceCode,
      invoiceNo: invoice.invoiceNo,
      invoiceDate: invoice.invoiceDate,
      orderAmount: detail?.taxIncludedAmount ?? '0.00',
      taxAmount: detail?.tax ?? '0.00',
      pdfUrl:
        invoice.status === NUONUO_STATUS.issued
          ? `${baseUrl.replace(/\/open\/v1\/services$/, '')}/fp/${invoice.serialNo}.pdf`
          : '',
      ofdUrl:
        invoice.status === NUONUO_STATUS.issued
          ? `${baseUrl.replace(/\/open\/v1\/services$/, '')}/fp/${invoice.serialNo}.ofd`
          : '',
    };
  };

  /** A query moves an accepted submission on: 开票中 for `pendingQueries` answers, then final. */
  const advance = (invoice: SimulatedInvoice) => {
    if (invoice.status !== NUONUO_STATUS.issuing) return;
    if (invoice.queriesLeft > 0) {
      invoice.queriesLeft -= 1;
      return;
    }
    if (invoice.failCause) {
      invoice.status = NUONUO_STATUS.failed;
      return;
    }
    sequence += 1;
    invoice.status = NUONUO_STATUS.issued;
    invoice.invoiceCode = '044031900111';
    invoice.invoiceNo = String(10_000_000 + sequence).slice(-8);
    invoice.invoiceDate = Date.now();
    issued.push(invoice.order);
  };

  function submit(order: NuonuoOrder) {
    submissions += 1;
    if (order.salerTaxNum !== credentials.taxNumber) return bad('E9106', '销方税号与授权税号不一致');
    const known = byOrderNo.get(order.orderNo);
    // 诺诺 refuses an order number it holds, unless that submission failed (then it is issued again).
    if (known && known.status !== NUONUO_STATUS.failed) return bad('E9500', `订单编号[${order.orderNo}]重复`);
    if (order.invoiceType === NUONUO_INVOICE_TYPE.red) {
      const blue = [...bySerial.values()].find(
        (i) =>
          i.invoiceNo === order.invoiceNum && i.invoiceCode === order.invoiceCode && i.status === NUONUO_STATUS.issued,
      );
      if (!blue) return bad('E9106', '对应蓝票不存在或未开具');
    }
    const serialNo = known?.serialNo ?? `${Date.now()}${String(bySerial.size + 1).padStart(6, '0')}`;
    const invoice: SimulatedInvoice = {
      order,
      serialNo,
      status: NUONUO_STATUS.issuing,
      failCause: armedFailure ?? '',
      queriesLeft: simulator.pendingQueries,
      invoiceNo: '',
      invoiceCode: '',
      invoiceDate: null,
    };
    armedFailure = null;
    byOrderNo.set(order.orderNo, invoice);
    bySerial.set(serialNo, invoice);
    return { code: NUONUO_OK, describe: '开票提交成功', result: { invoiceSerialNum: serialNo } };
  }

  function query(content: { serialNos?: string[]; orderNos?: string[] }) {
    const found = [
      ...(content.serialNos ?? []).map((s) => bySerial.get(s)),
      ...(content.orderNos ?? []).map((o) => byOrderNo.get(o)),
    ].filter((i): i is SimulatedInvoice => i !== undefined);
    for (const invoice of found) advance(invoice);
    return { code: NUONUO_OK, describe: '查询成功', result: found.map(rowOf) };
  }

  function signatureValid(request: IncomingMessage, url: URL, body: string): boolean {
    const q = url.searchParams;
    if (q.get('appkey') !== credentials.appKey) return false;
    const expected = nuonuoSign({
      path: url.pathname,
      appKey: credentials.appKey,
      appSecret: credentials.appSecret,
      senid: q.get('senid') ?? '',
      nonce: q.get('nonce') ?? '',
      timestamp: q.get('timestamp') ?? '',
      body,
    });
    const given = Buffer.from(String(request.headers['x-nuonuo-sign'] ?? ''));
    return given.length === Buffer.byteLength(expected) && timingSafeEqual(given, Buffer.from(expected));
  }

  function answer(request: IncomingMessage, body: string): { status: number; json?: unknown; pdf?: Buffer } {
    if (simulator.outage) return { status: 503, json: { error: 'service unavailable' } };
    const url = new URL(request.url ?? '/', 'http://simulator');
    const pdf = /^\/fp\/(\d+)\.(pdf|ofd)$/.exec(url.pathname);
    if (request.method === 'GET' && pdf) {
      const invoice = bySerial.get(pdf[1] ?? '');
      if (!invoice || invoice.status !== NUONUO_STATUS.issued) return { status: 404, json: {} };
      return { status: 200, pdf: Buffer.from(`%PDF-1.4\n% 诺诺 simulator invoice ${invoice.invoiceNo}\n%%EOF\n`) };
    }
    if (request.method !== 'POST' || url.pathname !== '/open/v1/services') return { status: 404, json: {} };
    const refuse = (code: string, describe: string) => {
      badRequests += 1;
      return { status: 200, json: bad(code, describe) };
    };
    if (!signatureValid(request, url, body)) return refuse('E1007', '签名验证失败');
    if (request.headers.accesstoken !== credentials.accessToken) return refuse('E1002', 'accessToken 无效');
    if (request.headers.usertax !== credentials.taxNumber) return refuse('E1003', 'userTax 与授权不符');
    let content: unknown;
    try {
      content = JSON.parse(body);
    } catch {
      return refuse('E9999', '请求报文格式错误');
    }
    const method = request.headers.method;
    if (method === NUONUO_ISSUE_METHOD) return { status: 200, json: submit((content as { order: NuonuoOrder }).order) };
    if (method === NUONUO_QUERY_METHOD) return { status: 200, json: query(content as { serialNos?: string[] }) };
    return refuse('E1010', `不支持的方法 ${String(method)}`);
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { status, json, pdf } = answer(request, Buffer.concat(chunks).toString('utf8'));
      response.writeHead(status, { 'content-type': pdf ? 'application/pdf' : 'application/json;charset=utf-8' });
      response.end(pdf ?? JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/open/v1/services`;

  const simulator: NuonuoSimulator = {
    baseUrl,
    pendingQueries: 1,
    outage: false,
    failNext(cause) {
      armedFailure = cause;
    },
    get submissions() {
      return submissions;
    },
    issued,
    get badRequests() {
      return badRequests;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return simulator;
}
