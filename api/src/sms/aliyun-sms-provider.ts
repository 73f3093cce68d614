import { createRequire } from 'node:module';
import type * as DysmsapiModule from '@alicloud/dysmsapi20170525';
import type * as OpenApiModule from '@alicloud/openapi-core';
import type { AliyunSmsSettings } from './sms-config';
import {
  SmsSendError,
  scrubProviderMessage,
  type SmsProvider,
  type SmsReminderMessage,
  type SmsReminderSender,
} from './sms-provider';

type Dysmsapi = typeof DysmsapiModule;
type OpenApi = typeof OpenApiModule;

// The SDK is CommonJS with `exports.default = Client`; an ESM default import would hand us
// the whole exports object, so it is loaded the CommonJS way, typed from its declarations,
// and only when this provider is configured (it is large: a server on another provider
// does not pay for it at start).
const require = createRequire(import.meta.url);

/** What SendSms answers on success (`Code` of the response body). */
const ALIYUN_OK = 'OK';
/** A learner waits for the answer: a slow gateway is a failure, not a hung request. */
const CONNECT_TIMEOUT_MS = 3_000;
const READ_TIMEOUT_MS = 5_000;

export type AliyunSmsConfig = Pick<AliyunSmsSettings, 'endpoint'> & {
  accessKeyId: string;
  accessKeySecret: string;
  templateCode: string;
};

type SendTemplate = (
  phone: string,
  signName: string,
  templateCode: string,
  params: Record<string, string>,
) => Promise<void>;

/** One SendSms call of a template with its parameters, through a client of the official SDK. */
function aliyunSender(config: Omit<AliyunSmsConfig, 'templateCode'>): SendTemplate {
  const dysmsapi = require('@alicloud/dysmsapi20170525') as Dysmsapi;
  const openapi = require('@alicloud/openapi-core') as OpenApi;
  const client = new dysmsapi.default(
    new openapi.$OpenApiUtil.Config({
      accessKeyId: config.accessKeyId,
      accessKeySecret: config.accessKeySecret,
      endpoint: config.endpoint.host,
      protocol: config.endpoint.protocol,
      connectTimeout: CONNECT_TIMEOUT_MS,
      readTimeout: READ_TIMEOUT_MS,
    }),
  );
  return async (phone, signName, templateCode, params) => {
    const request = new dysmsapi.SendSmsRequest({
      phoneNumbers: phone,
      signName,
      templateCode,
      templateParam: JSON.stringify(params),
    });
    let body: InstanceType<Dysmsapi['SendSmsResponseBody']> | undefined;
    try {
      // No retries (the SDK's default): SendSms is not idempotent, a retry could text twice.
      body = (await client.sendSms(request)).body;
    } catch (error) {
      throw aliyunFailure(error);
    }
    if (body?.code !== ALIYUN_OK)
      throw new SmsSendError('aliyun', body?.code ?? 'NoCode', body?.requestId, scrubProviderMessage(body?.message));
  };
}

/**
 * Aliyun SMS (dysmsapi 2017-05-25, SendSms) through the official SDK: RPC style, signed
 * with ACS3-HMAC-SHA256. Success is HTTP 200 with `Code: "OK"`; a business refusal
 * (`isv.BUSINESS_LIMIT_CONTROL`, `isv.SMS_SIGNATURE_ILLEGAL` …) is HTTP 200 with another
 * `Code`; an authentication failure (`SignatureDoesNotMatch`, `InvalidAccessKeyId.NotFound`)
 * is a 4xx the SDK throws. All of them become an SmsSendError with Aliyun's code.
 */
export function aliyunSmsProvider(config: AliyunSmsConfig): SmsProvider {
  const send = aliyunSender(config);
  return {
    sendCode: ({ phone, code, signature }) => send(phone, signature, config.templateCode, { code }),
  };
}

/**
 * The reminder template's `TemplateParam` (a JSON object of strings, as SendSms takes it):
 * `{"name":"王芳","year":"2026","hours":"12.5"}` for ALIYUN_REMINDER_TEMPLATE_TEXT.
 */
export function aliyunReminderTemplateParam(message: SmsReminderMessage): Record<string, string> {
  return { name: message.name, year: String(message.year), hours: message.missingHours };
}

/** Year-end reminders through the approved reminder template (`SMS_ALIYUN_REMINDER_TEMPLATE_CODE`). */
export function aliyunReminderSender(
  config: Omit<AliyunSmsConfig, 'templateCode'> & { reminderTemplateCode: string },
): SmsReminderSender {
  const send = aliyunSender(config);
  return {
    sendReminder: (message) =>
      send(message.phone, message.signature, config.reminderTemplateCode, aliyunReminderTemplateParam(message)),
  };
}

/** The SDK's error (ClientError/ServerError carry Aliyun's `code`), or a network failure. */
function aliyunFailure(error: unknown): SmsSendError {
  if (error instanceof Error) {
    const fields = error as Error & { code?: unknown; requestId?: unknown; statusCode?: unknown };
    const code = typeof fields.code === 'string' && fields.code !== 'undefined' ? fields.code : error.name;
    const requestId = typeof fields.requestId === 'string' ? fields.requestId : undefined;
    return new SmsSendError('aliyun', code, requestId, scrubProviderMessage(error.message));
  }
  return new SmsSendError('aliyun', 'Unknown', undefined, 'the SDK threw a non-error');
}
