import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  headerOf,
  startSimulatorServer,
  type ReceivedRequest,
  type SimulatorAnswer,
} from './provider-simulator-server';

/**
 * Tencent Cloud SMS (API version 2021-01-11) as its documentation describes it, on
 * 127.0.0.1: `POST /` with a JSON body, `X-TC-Action: SendSms`, `X-TC-Version`,
 * `X-TC-Timestamp`, authenticated by TC3-HMAC-SHA256 (canonical request of method, path,
 * query, the signed headers content-type and host, and the body's SHA-256; key derived
 * from the SecretKey by date, service and `tc3_request`), with a key pair made at test
 * time. As the documentation requires, the credential scope's service is the first label
 * of the domain called (sms for sms.tencentcloudapi.com; the SDK derives it the same
 * way) and the signed host is the domain without the port. Answers are HTTP 200:
 * `Response.Error` for request failures (`AuthFailure.SignatureFailure`,
 * `AuthFailure.SecretIdNotFound`, `AuthFailure.SignatureExpire`,
 * `FailedOperation.SignatureIncorrectOrUnapproved` …), else `Response.SendStatusSet` with
 * one status per number (`Ok`, or e.g. `LimitExceeded.PhoneNumberDailyLimit`).
 */

/** Tencent refuses a request whose X-TC-Timestamp is more than 5 minutes from its clock. */
const MAX_CLOCK_SKEW_S = 5 * 60;

/** Refusals of one number Tencent documents for SendSms (in SendStatusSet). */
export const TENCENT_NUMBER_ERRORS = {
  'LimitExceeded.PhoneNumberDailyLimit': '单个手机号日下发短信条数超过设定的上限',
  'LimitExceeded.PhoneNumberThirtySecondLimit': '单个手机号30秒内下发短信条数超过设定的上限',
  'InvalidParameterValue.IncorrectPhoneNumber': '手机号格式错误',
  'FailedOperation.InsufficientBalanceInSmsPackage': '套餐包余量不足',
  'FailedOperation.PhoneNumberInBlacklist': '手机号在免打扰名单库中',
} as const;
export type TencentNumberError = keyof typeof TENCENT_NUMBER_ERRORS;

export interface TencentSentSms {
  /** As received, E.164 (+86…). */
  phoneNumber: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  templateParams: string[];
}

export interface TencentSmsSimulator {
  /** `127.0.0.1:<port>`: SMS_TENCENT_ENDPOINT=http://<host>. */
  host: string;
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  sent: TencentSentSms[];
  /** Every answer's code, oldest first (`Ok` for an accepted number). */
  answers: string[];
  /** The next SendSms is refused for its number with this code. */
  failNext(code: TencentNumberError): void;
  close(): Promise<void>;
}

export interface TencentSimulatorOptions {
  signNames: readonly string[];
  /** Approved verification-code templates; each takes one parameter, the code. */
  templateIds: readonly string[];
  /** Other approved templates (a notification such as the year-end reminder) with their number of variables. */
  templates?: Readonly<Record<string, number>>;
}

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** A JSON field as text: strings and numbers as they are, anything else empty. */
function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function utcDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** Parses `TC3-HMAC-SHA256 Credential=id/date/service/tc3_request, SignedHeaders=…, Signature=…`. */
function parseAuthorization(
  value: string,
): { secretId: string; date: string; service: string; signedHeaders: string[]; signature: string } | null {
  const match =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      value,
    );
  if (!match) return null;
  return {
    secretId: match[1]!,
    date: match[2]!,
    service: match[3]!,
    signedHeaders: match[4]!.split(';'),
    signature: match[5]!,
  };
}

/** The domain called, without the port: what TC3 signs as `host`. */
function hostnameOf(request: ReceivedRequest): string {
  return headerOf(request, 'host').replace(/:\d+$/, '').toLowerCase();
}

export function tencentCanonicalRequest(request: ReceivedRequest, signedHeaders: readonly string[]): string {
  const url = new URL(request.url, 'http://simulator');
  const headers = signedHeaders
    .map(
      (name) => `${name}:${(name === 'host' ? hostnameOf(request) : headerOf(request, name)).trim().toLowerCase()}\n`,
    )
    .join('');
  return [
    request.method,
    url.pathname,
    url.search.slice(1),
    headers,
    signedHeaders.join(';'),
    sha256Hex(request.body),
  ].join('\n');
}

export async function startTencentSmsSimulator(options: TencentSimulatorOptions): Promise<TencentSmsSimulator> {
  const secretId = `AKID${randomBytes(16).toString('hex')}`;
  const secretKey = randomBytes(24).toString('base64url');
  const sdkAppId = `14${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
  const sent: TencentSentSms[] = [];
  const answers: string[] = [];
  const failures: TencentNumberError[] = [];

  const error = (code: string, message: string): SimulatorAnswer => {
    answers.push(code);
    return { status: 200, body: { Response: { Error: { Code: code, Message: message }, RequestId: randomUUID() } } };
  };

  const authenticate = (request: ReceivedRequest): SimulatorAnswer | null => {
    const authorization = parseAuthorization(headerOf(request, 'authorization'));
    if (authorization === null)
      return error('AuthFailure.InvalidAuthorization', '请求头部的 Authorization 不符合腾讯云标准。');
    if (authorization.secretId !== secretId) return error('AuthFailure.SecretIdNotFound', '密钥不存在。');
    const timestamp = Number(headerOf(request, 'x-tc-timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > MAX_CLOCK_SKEW_S)
      return error('AuthFailure.SignatureExpire', '签名过期。Timestamp 和服务器时间相差不得超过五分钟。');
    const service = hostnameOf(request).split('.')[0] ?? '';
    if (
      authorization.date !== utcDate(timestamp) ||
      authorization.service !== service ||
      !authorization.signedHeaders.includes('host') ||
      !authorization.signedHeaders.includes('content-type')
    )
      return error('AuthFailure.SignatureFailure', '请求签名验证失败，请检查您的签名计算是否正确。');
    const scope = `${authorization.date}/${authorization.service}/tc3_request`;
    const stringToSign = [
      'TC3-HMAC-SHA256',
      String(timestamp),
      scope,
      sha256Hex(tencentCanonicalRequest(request, authorization.signedHeaders)),
    ].join('\n');
    const signingKey = hmac(hmac(hmac(`TC3${secretKey}`, authorization.date), authorization.service), 'tc3_request');
    const expected = Buffer.from(createHmac('sha256', signingKey).update(stringToSign).digest('hex'));
    const given = Buffer.from(authorization.signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      return error('AuthFailure.SignatureFailure', '请求签名验证失败，请检查您的签名计算是否正确。');
    return null;
  };

  const sendSms = (request: ReceivedRequest): SimulatorAnswer => {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return error('InvalidParameter', '请求体不是合法的 JSON。');
    }
    const numbers = Array.isArray(body.PhoneNumberSet) ? body.PhoneNumberSet.map(String) : [];
    const rawParams: unknown[] = Array.isArray(body.TemplateParamSet) ? body.TemplateParamSet : [];
    if (rawParams.some((param) => typeof param !== 'string'))
      return error('InvalidParameterValue.TemplateParameterFormatError', '验证码模板参数格式错误。');
    const templateParams = rawParams as string[];
    const message = {
      sdkAppId: textOf(body.SmsSdkAppId),
      signName: textOf(body.SignName),
      templateId: textOf(body.TemplateId),
      templateParams,
    };
    if (numbers.length === 0 || !message.sdkAppId || !message.templateId)
      return error('MissingParameter', '缺少参数：PhoneNumberSet、SmsSdkAppId 或 TemplateId。');
    if (message.sdkAppId !== sdkAppId) return error('InvalidParameterValue.SdkAppIdNotExist', 'SdkAppId 不存在。');
    if (!options.signNames.includes(message.signName))
      return error('FailedOperation.SignatureIncorrectOrUnapproved', '签名未审批或格式错误。');
    const variables = options.templateIds.includes(message.templateId) ? 1 : options.templates?.[message.templateId];
    if (variables === undefined)
      return error('FailedOperation.TemplateIncorrectOrUnapproved', '模板未审批或内容不合规。');
    if (templateParams.length !== variables || templateParams.some((param) => param === ''))
      return error('FailedOperation.TemplateParamSetNotMatchApprovedTemplate', '请求内容与审核通过的模板内容不匹配。');
    const statuses = numbers.map((phoneNumber) => {
      const failure = failures.shift();
      const code: string =
        failure ?? (/^\+861\d{10}$/.test(phoneNumber) ? 'Ok' : 'InvalidParameterValue.IncorrectPhoneNumber');
      answers.push(code);
      if (code === 'Ok') sent.push({ phoneNumber, ...message });
      return {
        SerialNo: code === 'Ok' ? `${randomUUID()}` : '',
        PhoneNumber: phoneNumber,
        Fee: code === 'Ok' ? 1 : 0,
        SessionContext: '',
        Code: code,
        Message: code === 'Ok' ? 'send success' : TENCENT_NUMBER_ERRORS[code as TencentNumberError],
        IsoCode: 'CN',
      };
    });
    return { status: 200, body: { Response: { SendStatusSet: statuses, RequestId: randomUUID() } } };
  };

  const server = await startSimulatorServer((request) => {
    if (request.method !== 'POST') return error('UnsupportedOperation', '仅支持 POST 请求。');
    const refused = authenticate(request);
    if (refused) return refused;
    if (headerOf(request, 'x-tc-action') !== 'SendSms' || headerOf(request, 'x-tc-version') !== '2021-01-11')
      return error('InvalidAction', '接口不存在。');
    return sendSms(request);
  });

  return {
    host: server.host,
    secretId,
    secretKey,
    sdkAppId,
    sent,
    answers,
    failNext: (code) => void failures.push(code),
    close: () => server.close(),
  };
}
