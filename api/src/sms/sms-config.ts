/**
 * The SMS gateway's settings (issue 19): which provider sends the codes and what each real
 * provider needs. Read from the environment with the rest of `Config` (src/config.ts);
 * the signature is not here but in the association's profile (site settings).
 */

/** `SMS_PROVIDER`: the development outbox, Aliyun SMS (dysmsapi) or Tencent Cloud SMS. */
export const SMS_PROVIDERS = ['outbox', 'aliyun', 'tencent'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

export const ALIYUN_SMS_DEFAULT_ENDPOINT = 'dysmsapi.aliyuncs.com';
export const TENCENT_SMS_DEFAULT_ENDPOINT = 'sms.tencentcloudapi.com';
export const TENCENT_SMS_DEFAULT_REGION = 'ap-guangzhou';

/** Where a provider's API is: `https://host[:port]` by default, `http://` only when written out. */
export interface SmsEndpoint {
  protocol: 'https' | 'http';
  /** Host and optional port, as the SDKs take it. */
  host: string;
}

export interface AliyunSmsSettings {
  /** `SMS_ALIYUN_ACCESS_KEY_ID`: a RAM user's AccessKey ID allowed `dysms:SendSms`. */
  accessKeyId: string | undefined;
  /** `SMS_ALIYUN_ACCESS_KEY_SECRET`. */
  accessKeySecret: string | undefined;
  /** `SMS_ALIYUN_TEMPLATE_CODE`: the approved verification-code template, `SMS_` and digits; its variable is `${code}`. */
  templateCode: string | undefined;
  /**
   * `SMS_ALIYUN_REMINDER_TEMPLATE_CODE`: the approved year-end reminder template (optional;
   * without it SMS reminder campaigns are refused). Its variables are `${name}`, `${year}`
   * and `${hours}` (ALIYUN_REMINDER_TEMPLATE_TEXT).
   */
  reminderTemplateCode: string | undefined;
  /** `SMS_ALIYUN_ENDPOINT`, default dysmsapi.aliyuncs.com over https. */
  endpoint: SmsEndpoint;
}

export interface TencentSmsSettings {
  /** `SMS_TENCENT_SECRET_ID`: a CAM key allowed `sms:SendSms`. */
  secretId: string | undefined;
  /** `SMS_TENCENT_SECRET_KEY`. */
  secretKey: string | undefined;
  /** `SMS_TENCENT_SDK_APP_ID`: the SMS application's SdkAppId (digits, e.g. 1400006666). */
  sdkAppId: string | undefined;
  /** `SMS_TENCENT_TEMPLATE_ID`: the approved verification-code template's id (digits); its one variable `{1}` is the code. */
  templateId: string | undefined;
  /**
   * `SMS_TENCENT_REMINDER_TEMPLATE_ID`: the approved year-end reminder template's id (optional;
   * without it SMS reminder campaigns are refused). Its variables are `{1}` name, `{2}` year,
   * `{3}` hours (TENCENT_REMINDER_TEMPLATE_TEXT).
   */
  reminderTemplateId: string | undefined;
  /** `SMS_TENCENT_REGION`, default ap-guangzhou. */
  region: string;
  /** `SMS_TENCENT_ENDPOINT`, default sms.tencentcloudapi.com over https. */
  endpoint: SmsEndpoint;
}

export interface SmsGatewaySettings {
  aliyun: AliyunSmsSettings;
  tencent: TencentSmsSettings;
}

type Environment = Readonly<Record<string, string | undefined>>;

function read(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/**
 * `host[:port]` (https) or `http(s)://host[:port]`; anything else (a path, credentials) is
 * returned as undefined so the caller can name the variable.
 */
export function parseSmsEndpoint(text: string): SmsEndpoint | undefined {
  const withScheme = /^[a-z]+:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return undefined;
  return { protocol: url.protocol === 'https:' ? 'https' : 'http', host: url.host };
}

export class SmsConfigError extends Error {
  override name = 'SmsConfigError';
}

function endpointFromEnv(env: Environment, name: string, fallback: string): SmsEndpoint {
  const text = read(env, name);
  if (text === undefined) return { protocol: 'https', host: fallback };
  const endpoint = parseSmsEndpoint(text);
  if (endpoint === undefined)
    throw new SmsConfigError(`${name} must be a host name or an http(s) origin (no path), got "${text}".`);
  return endpoint;
}

export function smsGatewaySettingsFromEnv(env: Environment): SmsGatewaySettings {
  return {
    aliyun: {
      accessKeyId: read(env, 'SMS_ALIYUN_ACCESS_KEY_ID'),
      accessKeySecret: read(env, 'SMS_ALIYUN_ACCESS_KEY_SECRET'),
      templateCode: read(env, 'SMS_ALIYUN_TEMPLATE_CODE'),
      reminderTemplateCode: read(env, 'SMS_ALIYUN_REMINDER_TEMPLATE_CODE'),
      endpoint: endpointFromEnv(env, 'SMS_ALIYUN_ENDPOINT', ALIYUN_SMS_DEFAULT_ENDPOINT),
    },
    tencent: {
      secretId: read(env, 'SMS_TENCENT_SECRET_ID'),
      secretKey: read(env, 'SMS_TENCENT_SECRET_KEY'),
      sdkAppId: read(env, 'SMS_TENCENT_SDK_APP_ID'),
      templateId: read(env, 'SMS_TENCENT_TEMPLATE_ID'),
      reminderTemplateId: read(env, 'SMS_TENCENT_REMINDER_TEMPLATE_ID'),
      region: read(env, 'SMS_TENCENT_REGION') ?? TENCENT_SMS_DEFAULT_REGION,
      endpoint: endpointFromEnv(env, 'SMS_TENCENT_ENDPOINT', TENCENT_SMS_DEFAULT_ENDPOINT),
    },
  };
}

function isLoopbackHost(host: string): boolean {
  const hostname = host.replace(/:\d+$/, '');
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

function missing(provider: string, name: string, what: string): string {
  return `SMS_PROVIDER=${provider} needs ${name} (${what}).`;
}

function endpointProblem(name: string, endpoint: SmsEndpoint, production: boolean): string[] {
  if (!production || endpoint.protocol === 'https' || isLoopbackHost(endpoint.host)) return [];
  return [`${name} must be https in production (http only on loopback): the request carries the learner's code.`];
}

/**
 * The year-end reminder template each gateway must approve (the association submits this
 * text, with its own signature, in the provider's console): the variables are the learner's
 * name, the year and the hours still missing, filled by the adapters
 * (`aliyunReminderTemplateParam`, `tencentReminderTemplateParamSet`). The same words as the
 * development outbox's text (reminders/reminder-sms.ts).
 */
export const ALIYUN_REMINDER_TEMPLATE_TEXT =
  '${name}，您${year}年度继续教育学时还差${hours}学时，请在年底前登录平台完成学习。不需要提醒可在个人信息中关闭。';
export const TENCENT_REMINDER_TEMPLATE_TEXT =
  '{1}，您{2}年度继续教育学时还差{3}学时，请在年底前登录平台完成学习。不需要提醒可在个人信息中关闭。';

/** The reminder template of the provider in use, or undefined (the outbox, or none configured). */
export function reminderTemplateOf(provider: SmsProviderName, gateways: SmsGatewaySettings): string | undefined {
  if (provider === 'aliyun') return gateways.aliyun.reminderTemplateCode;
  if (provider === 'tencent') return gateways.tencent.reminderTemplateId;
  return undefined;
}

/**
 * What keeps the chosen real provider from sending, one sentence per problem: missing
 * credentials or template, a malformed template id, plain http to a remote host in
 * production. Empty for the outbox (production refuses that elsewhere).
 */
export function smsGatewayProblems(
  provider: SmsProviderName,
  gateways: SmsGatewaySettings,
  production: boolean,
): string[] {
  const problems: string[] = [];
  if (provider === 'aliyun') {
    const settings = gateways.aliyun;
    if (settings.accessKeyId === undefined)
      problems.push(
        missing('aliyun', 'SMS_ALIYUN_ACCESS_KEY_ID', 'the AccessKey ID of a RAM user allowed to send SMS'),
      );
    if (settings.accessKeySecret === undefined)
      problems.push(missing('aliyun', 'SMS_ALIYUN_ACCESS_KEY_SECRET', "that AccessKey's secret"));
    if (settings.templateCode === undefined)
      problems.push(
        missing('aliyun', 'SMS_ALIYUN_TEMPLATE_CODE', 'the approved verification-code template, e.g. SMS_123456789'),
      );
    else if (!/^SMS_\d+$/.test(settings.templateCode))
      problems.push(`SMS_ALIYUN_TEMPLATE_CODE must look like SMS_123456789, got "${settings.templateCode}".`);
    if (settings.reminderTemplateCode !== undefined && !/^SMS_\d+$/.test(settings.reminderTemplateCode))
      problems.push(
        `SMS_ALIYUN_REMINDER_TEMPLATE_CODE must look like SMS_123456789, got "${settings.reminderTemplateCode}".`,
      );
    problems.push(...endpointProblem('SMS_ALIYUN_ENDPOINT', settings.endpoint, production));
  }
  if (provider === 'tencent') {
    const settings = gateways.tencent;
    if (settings.secretId === undefined)
      problems.push(missing('tencent', 'SMS_TENCENT_SECRET_ID', 'the SecretId of a CAM key allowed to send SMS'));
    if (settings.secretKey === undefined)
      problems.push(missing('tencent', 'SMS_TENCENT_SECRET_KEY', "that key's SecretKey"));
    if (settings.sdkAppId === undefined)
      problems.push(missing('tencent', 'SMS_TENCENT_SDK_APP_ID', 'the SMS application SdkAppId, e.g. 1400006666'));
    else if (!/^\d+$/.test(settings.sdkAppId))
      problems.push(`SMS_TENCENT_SDK_APP_ID must be digits, got "${settings.sdkAppId}".`);
    if (settings.templateId === undefined)
      problems.push(missing('tencent', 'SMS_TENCENT_TEMPLATE_ID', 'the approved verification-code template id'));
    else if (!/^\d+$/.test(settings.templateId))
      problems.push(`SMS_TENCENT_TEMPLATE_ID must be digits, got "${settings.templateId}".`);
    if (settings.reminderTemplateId !== undefined && !/^\d+$/.test(settings.reminderTemplateId))
      problems.push(`SMS_TENCENT_REMINDER_TEMPLATE_ID must be digits, got "${settings.reminderTemplateId}".`);
    problems.push(...endpointProblem('SMS_TENCENT_ENDPOINT', settings.endpoint, production));
  }
  return problems;
}
