import { createRequire } from 'node:module';
import type * as TencentSmsModule from 'tencentcloud-sdk-nodejs-sms';
import type { TencentSmsSettings } from './sms-config';
import {
  SmsSendError,
  scrubProviderMessage,
  type SmsProvider,
  type SmsReminderMessage,
  type SmsReminderSender,
} from './sms-provider';

// CommonJS SDK: loaded the CommonJS way when this provider is configured (see aliyun-sms-provider.ts).
const require = createRequire(import.meta.url);

/** What SendSms answers for a number it accepted (`SendStatusSet[].Code`). */
const TENCENT_OK = 'Ok';
/** A learner waits for the answer: a slow gateway is a failure, not a hung request (seconds). */
const REQUEST_TIMEOUT_S = 5;
/** Mainland numbers in E.164, as SendSms documents `PhoneNumberSet`. */
const MAINLAND_PREFIX = '+86';

export type TencentSmsConfig = Pick<TencentSmsSettings, 'endpoint' | 'region'> & {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  templateId: string;
};

type SendTemplate = (phone: string, signName: string, templateId: string, params: string[]) => Promise<void>;

/** One SendSms call of a template with its parameters to one number, through a client of the official SDK. */
function tencentSender(config: Omit<TencentSmsConfig, 'templateId'>): SendTemplate {
  const tencentSms = require('tencentcloud-sdk-nodejs-sms') as typeof TencentSmsModule;
  const client = new tencentSms.sms.v20210111.Client({
    credential: { secretId: config.secretId, secretKey: config.secretKey },
    region: config.region,
    profile: {
      httpProfile: {
        endpoint: config.endpoint.host,
        protocol: `${config.endpoint.protocol}://`,
        reqMethod: 'POST',
        reqTimeout: REQUEST_TIMEOUT_S,
      },
    },
  });
  return async (phone, signName, templateId, params) => {
    let response: Awaited<ReturnType<typeof client.SendSms>>;
    try {
      response = await client.SendSms({
        PhoneNumberSet: [`${MAINLAND_PREFIX}${phone}`],
        SmsSdkAppId: config.sdkAppId,
        SignName: signName,
        TemplateId: templateId,
        TemplateParamSet: params,
      });
    } catch (error) {
      throw tencentFailure(error);
    }
    const status = response.SendStatusSet?.[0];
    if (status?.Code !== TENCENT_OK)
      throw new SmsSendError(
        'tencent',
        status?.Code ?? 'NoSendStatus',
        response.RequestId,
        scrubProviderMessage(status?.Message),
      );
  };
}

/**
 * Tencent Cloud SMS (API 2021-01-11, SendSms) through the official SDK, signed with
 * TC3-HMAC-SHA256. A request-level failure (`AuthFailure.SignatureFailure`,
 * `FailedOperation.SignatureIncorrectOrUnapproved` …) is `Response.Error`, which the SDK
 * throws with its `code`; a refusal for the number (`LimitExceeded.PhoneNumberDailyLimit` …)
 * is that number's `SendStatusSet` entry with a code other than `Ok`. Both become an
 * SmsSendError with Tencent's code.
 */
export function tencentSmsProvider(config: TencentSmsConfig): SmsProvider {
  const send = tencentSender(config);
  return {
    sendCode: ({ phone, code, signature }) => send(phone, signature, config.templateId, [code]),
  };
}

/**
 * The reminder template's `TemplateParamSet` (strings, in the order of the template's
 * variables): `["王芳", "2026", "12.5"]` for `{1}`, `{2}`, `{3}` of TENCENT_REMINDER_TEMPLATE_TEXT.
 */
export function tencentReminderTemplateParamSet(message: SmsReminderMessage): string[] {
  return [message.name, String(message.year), message.missingHours];
}

/** Year-end reminders through the approved reminder template (`SMS_TENCENT_REMINDER_TEMPLATE_ID`). */
export function tencentReminderSender(
  config: Omit<TencentSmsConfig, 'templateId'> & { reminderTemplateId: string },
): SmsReminderSender {
  const send = tencentSender(config);
  return {
    sendReminder: (message) =>
      send(message.phone, message.signature, config.reminderTemplateId, tencentReminderTemplateParamSet(message)),
  };
}

/** TencentCloudSDKHttpException carries Tencent's `code` and `requestId`; a network failure has neither. */
function tencentFailure(error: unknown): SmsSendError {
  if (error instanceof Error) {
    const fields = error as Error & { code?: unknown; requestId?: unknown; httpCode?: unknown };
    const code =
      typeof fields.code === 'string' && fields.code !== ''
        ? fields.code
        : typeof fields.httpCode === 'number'
          ? `HTTP ${fields.httpCode}`
          : 'NetworkError';
    const requestId = typeof fields.requestId === 'string' && fields.requestId !== '' ? fields.requestId : undefined;
    return new SmsSendError('tencent', code, requestId, scrubProviderMessage(error.message));
  }
  return new SmsSendError('tencent', 'Unknown', undefined, 'the SDK threw a non-error');
}
