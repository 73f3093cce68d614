import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  headerOf,
  startSimulatorServer,
  type ReceivedRequest,
  type SimulatorAnswer,
} from './provider-simulator-server';

/**
 * Aliyun SMS (dysmsapi, API version 2017-05-25) as its documentation describes it, on
 * 127.0.0.1: the RPC endpoint `POST /` with `x-acs-action: SendSms`, authenticated by the
 * V3 request signature the SDK sends (ACS3-HMAC-SHA256 over the canonical request:
 * method, path, sorted percent-encoded query, the signed headers — host, content-type and
 * every x-acs-* — and the payload's SHA-256), with an AccessKey pair made at test time.
 * It answers as Aliyun does: authentication failures as HTTP 4xx with `Code`
 * (`SignatureDoesNotMatch`, `InvalidAccessKeyId.NotFound`, `SignatureNonceUsed`,
 * `InvalidTimeStamp.Expired`), business refusals as HTTP 200 with an `isv.*` `Code`.
 */

export const ALIYUN_SIGNATURE_ALGORITHM = 'ACS3-HMAC-SHA256';
/** Aliyun refuses a request whose x-acs-date is more than 15 minutes from its clock. */
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
const HEADERS_THAT_MUST_BE_SIGNED = [
  'host',
  'x-acs-action',
  'x-acs-content-sha256',
  'x-acs-date',
  'x-acs-signature-nonce',
  'x-acs-version',
];

/** Business refusals Aliyun documents for SendSms (HTTP 200, `Code` ≠ OK). */
export const ALIYUN_BUSINESS_ERRORS = {
  'isv.BUSINESS_LIMIT_CONTROL': '触发号码天级流控Permits:10',
  'isv.MOBILE_NUMBER_ILLEGAL': '非法手机号',
  'isv.SMS_SIGNATURE_ILLEGAL': '该账号下找不到对应签名',
  'isv.SMS_TEMPLATE_ILLEGAL': '该账号下找不到对应模板',
  'isv.TEMPLATE_MISSING_PARAMETERS': '模板变量缺少对应参数值',
  'isv.AMOUNT_NOT_ENOUGH': '账户余额不足',
} as const;
export type AliyunBusinessError = keyof typeof ALIYUN_BUSINESS_ERRORS;

export interface AliyunSentSms {
  phone: string;
  signName: string;
  templateCode: string;
  /** TemplateParam, parsed. */
  params: Record<string, unknown>;
}

export interface AliyunSmsSimulator {
  /** `127.0.0.1:<port>`: SMS_ALIYUN_ENDPOINT=http://<host>. */
  host: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** Texts accepted, oldest first. */
  sent: AliyunSentSms[];
  /** Every answer's `Code`, oldest first (OK included). */
  answers: string[];
  /** The next SendSms is refused with this business error. */
  failNext(code: AliyunBusinessError): void;
  close(): Promise<void>;
}

export interface AliyunSimulatorOptions {
  /** Signatures approved for the account. */
  signNames: readonly string[];
  /** Verification-code templates approved for the account; each takes `${code}`. */
  templateCodes: readonly string[];
  /** Other approved templates (a notification such as the year-end reminder) with their variables' names. */
  templates?: Readonly<Record<string, readonly string[]>>;
}

/** Aliyun's percent-encoding for the canonical query: RFC 3986, so also ! ' ( ) *. */
function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** Parses `ACS3-HMAC-SHA256 Credential=…,SignedHeaders=…,Signature=…`. */
function parseAuthorization(value: string): { accessKeyId: string; signedHeaders: string[]; signature: string } | null {
  const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(value);
  if (!match) return null;
  return { accessKeyId: match[1]!, signedHeaders: match[2]!.split(';'), signature: match[3]! };
}

/** The canonical request of the V3 signature, rebuilt from what arrived. */
export function aliyunCanonicalRequest(request: ReceivedRequest, signedHeaders: readonly string[]): string {
  const url = new URL(request.url, 'http://simulator');
  const query = [...url.searchParams.entries()]
    .map(([key, value]) => [percentEncode(key), percentEncode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const headers = signedHeaders.map((name) => `${name}:${headerOf(request, name).trim()}\n`).join('');
  return [
    request.method,
    url.pathname,
    query,
    headers,
    signedHeaders.join(';'),
    headerOf(request, 'x-acs-content-sha256'),
  ].join('\n');
}

export async function startAliyunSmsSimulator(options: AliyunSimulatorOptions): Promise<AliyunSmsSimulator> {
  const accessKeyId = `LTAI${randomBytes(10).toString('hex')}`;
  const accessKeySecret = randomBytes(20).toString('base64url');
  const sent: AliyunSentSms[] = [];
  const answers: string[] = [];
  const failures: AliyunBusinessError[] = [];
  const nonces = new Set<string>();

  const reply = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) => {
    answers.push(code);
    return { status, body: { RequestId: randomUUID().toUpperCase(), Code: code, Message: message, ...extra } };
  };

  const authenticate = (request: ReceivedRequest): SimulatorAnswer | null => {
    const authorization = parseAuthorization(headerOf(request, 'authorization'));
    if (authorization === null)
      return reply(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    if (authorization.accessKeyId !== accessKeyId)
      return reply(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const sorted = [...authorization.signedHeaders].sort();
    if (
      sorted.join(';') !== authorization.signedHeaders.join(';') ||
      HEADERS_THAT_MUST_BE_SIGNED.some((name) => !authorization.signedHeaders.includes(name))
    )
      return reply(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    const date = Date.parse(headerOf(request, 'x-acs-date'));
    if (
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(headerOf(request, 'x-acs-date')) ||
      Math.abs(Date.now() - date) > MAX_CLOCK_SKEW_MS
    )
      return reply(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    if (headerOf(request, 'x-acs-content-sha256') !== sha256Hex(request.body))
      return reply(400, 'SignatureDoesNotMatch', 'Specified signature does not match our calculation.');
    const canonical = aliyunCanonicalRequest(request, authorization.signedHeaders);
    const stringToSign = `${ALIYUN_SIGNATURE_ALGORITHM}\n${sha256Hex(canonical)}`;
    const expected = Buffer.from(createHmac('sha256', accessKeySecret).update(stringToSign).digest('hex'));
    const given = Buffer.from(authorization.signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      return reply(400, 'SignatureDoesNotMatch', 'Specified signature does not match our calculation.');
    const nonce = headerOf(request, 'x-acs-signature-nonce');
    if (nonces.has(nonce)) return reply(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.add(nonce);
    return null;
  };

  const sendSms = (request: ReceivedRequest): SimulatorAnswer => {
    const url = new URL(request.url, 'http://simulator');
    // RPC parameters travel in the query or, form-encoded, in the body; the SDK uses the query.
    const params = new URLSearchParams(url.search);
    if (headerOf(request, 'content-type').startsWith('application/x-www-form-urlencoded'))
      for (const [key, value] of new URLSearchParams(request.body.toString('utf8'))) params.set(key, value);
    const phone = params.get('PhoneNumbers') ?? '';
    const signName = params.get('SignName') ?? '';
    const templateCode = params.get('TemplateCode') ?? '';
    if (!phone || !signName || !templateCode)
      return reply(400, 'MissingParameter', 'A required parameter (PhoneNumbers, SignName, TemplateCode) is missing.');
    const failure = failures.shift();
    if (failure) return reply(200, failure, ALIYUN_BUSINESS_ERRORS[failure]);
    if (!/^1\d{10}$/.test(phone))
      return reply(200, 'isv.MOBILE_NUMBER_ILLEGAL', ALIYUN_BUSINESS_ERRORS['isv.MOBILE_NUMBER_ILLEGAL']);
    if (!options.signNames.includes(signName))
      return reply(200, 'isv.SMS_SIGNATURE_ILLEGAL', ALIYUN_BUSINESS_ERRORS['isv.SMS_SIGNATURE_ILLEGAL']);
    const variables = options.templateCodes.includes(templateCode) ? ['code'] : options.templates?.[templateCode];
    if (variables === undefined)
      return reply(200, 'isv.SMS_TEMPLATE_ILLEGAL', ALIYUN_BUSINESS_ERRORS['isv.SMS_TEMPLATE_ILLEGAL']);
    let templateParams: Record<string, unknown>;
    try {
      templateParams = JSON.parse(params.get('TemplateParam') ?? 'null') as Record<string, unknown>;
    } catch {
      return reply(200, 'isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    if (templateParams === null || typeof templateParams !== 'object' || Array.isArray(templateParams))
      return reply(200, 'isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    if (Object.values(templateParams).some((value) => typeof value !== 'string'))
      return reply(200, 'isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    if (variables.some((name) => templateParams[name] === undefined || templateParams[name] === ''))
      return reply(200, 'isv.TEMPLATE_MISSING_PARAMETERS', ALIYUN_BUSINESS_ERRORS['isv.TEMPLATE_MISSING_PARAMETERS']);
    sent.push({ phone, signName, templateCode, params: templateParams });
    return reply(200, 'OK', 'OK', { BizId: `${Date.now()}^0` });
  };

  const server = await startSimulatorServer((request) => {
    if (request.method !== 'POST' && request.method !== 'GET')
      return reply(405, 'UnsupportedHTTPMethod', 'Specified HTTP method is not supported.');
    const refused = authenticate(request);
    if (refused) return refused;
    if (headerOf(request, 'x-acs-action') !== 'SendSms' || headerOf(request, 'x-acs-version') !== '2017-05-25')
      return reply(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
    return sendSms(request);
  });

  return {
    host: server.host,
    accessKeyId,
    accessKeySecret,
    sent,
    answers,
    failNext: (code) => void failures.push(code),
    close: () => server.close(),
  };
}
