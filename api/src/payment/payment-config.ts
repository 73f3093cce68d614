import { readFileSync } from 'node:fs';
import type { PayType } from './payment-provider';

/**
 * The payment part of the server's configuration (read by config.ts): which gateway serves
 * each pay type, and where each real gateway's keys are. Keys and certificates are files
 * (or secret mounts) named here, never values in the environment or the repository.
 */

export const PAYMENT_PROVIDERS = ['sandbox', 'wechatpay', 'alipay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export interface WechatpayConfig {
  /** `WECHATPAY_MCHID` (商户号). */
  mchid: string | undefined;
  /** `WECHATPAY_APPID`: the AppID bound to the merchant. */
  appid: string | undefined;
  /** `WECHATPAY_MERCHANT_SERIAL`: serial number of the merchant API certificate. */
  merchantSerial: string | undefined;
  /** `WECHATPAY_PRIVATE_KEY_FILE`: apiclient_key.pem. */
  privateKeyFile: string | undefined;
  /** `WECHATPAY_PLATFORM_PUBLIC_KEY_FILE`: 微信支付公钥 (pub_key.pem). */
  platformPublicKeyFile: string | undefined;
  /** `WECHATPAY_PLATFORM_PUBLIC_KEY_ID`: its ID, `PUB_KEY_ID_…`. */
  platformPublicKeyId: string | undefined;
  /** `WECHATPAY_APIV3_KEY_FILE`: a file holding the 32-character APIv3 key. */
  apiV3KeyFile: string | undefined;
  /** `WECHATPAY_BASE_URL`, default https://api.mch.weixin.qq.com/ (tests: the simulator). */
  baseUrl: string | undefined;
}

export interface AlipayConfig {
  /** `ALIPAY_APP_ID`. */
  appId: string | undefined;
  /** `ALIPAY_PRIVATE_KEY_FILE`: the application's private key (PEM). */
  privateKeyFile: string | undefined;
  /** `ALIPAY_PUBLIC_KEY_FILE`: 支付宝公钥 (PEM). */
  publicKeyFile: string | undefined;
  /** `ALIPAY_GATEWAY`, default https://openapi.alipay.com/gateway.do (tests: the simulator). */
  gateway: string | undefined;
}

export interface PaymentConfig {
  /** `PAYMENT_PROVIDER`, default `sandbox`: the gateway of both pay types unless one is named below. */
  paymentProvider: PaymentProviderName;
  /** `PAYMENT_PROVIDER_QR`: the gateway of pay type 3 (QR); default `PAYMENT_PROVIDER`. */
  paymentProviderQr: PaymentProviderName | undefined;
  /** `PAYMENT_PROVIDER_REDIRECT`: the gateway of pay type 2 (redirect); default `PAYMENT_PROVIDER`. */
  paymentProviderRedirect: PaymentProviderName | undefined;
  wechatpay: WechatpayConfig;
  alipay: AlipayConfig;
}

type Environment = Readonly<Record<string, string | undefined>>;

function read(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

export class PaymentConfigError extends Error {
  override name = 'ConfigError';
}

function parseProvider(name: string, text: string | undefined): PaymentProviderName | undefined {
  if (text === undefined) return undefined;
  if ((PAYMENT_PROVIDERS as readonly string[]).includes(text)) return text as PaymentProviderName;
  throw new PaymentConfigError(`${name} must be one of ${PAYMENT_PROVIDERS.join(', ')}, got "${text}".`);
}

export function paymentConfigFromEnv(env: Environment): PaymentConfig {
  return {
    paymentProvider: parseProvider('PAYMENT_PROVIDER', read(env, 'PAYMENT_PROVIDER')) ?? 'sandbox',
    paymentProviderQr: parseProvider('PAYMENT_PROVIDER_QR', read(env, 'PAYMENT_PROVIDER_QR')),
    paymentProviderRedirect: parseProvider('PAYMENT_PROVIDER_REDIRECT', read(env, 'PAYMENT_PROVIDER_REDIRECT')),
    wechatpay: {
      mchid: read(env, 'WECHATPAY_MCHID'),
      appid: read(env, 'WECHATPAY_APPID'),
      merchantSerial: read(env, 'WECHATPAY_MERCHANT_SERIAL'),
      privateKeyFile: read(env, 'WECHATPAY_PRIVATE_KEY_FILE'),
      platformPublicKeyFile: read(env, 'WECHATPAY_PLATFORM_PUBLIC_KEY_FILE'),
      platformPublicKeyId: read(env, 'WECHATPAY_PLATFORM_PUBLIC_KEY_ID'),
      apiV3KeyFile: read(env, 'WECHATPAY_APIV3_KEY_FILE'),
      baseUrl: read(env, 'WECHATPAY_BASE_URL'),
    },
    alipay: {
      appId: read(env, 'ALIPAY_APP_ID'),
      privateKeyFile: read(env, 'ALIPAY_PRIVATE_KEY_FILE'),
      publicKeyFile: read(env, 'ALIPAY_PUBLIC_KEY_FILE'),
      gateway: read(env, 'ALIPAY_GATEWAY'),
    },
  };
}

type ProviderChoice = Pick<PaymentConfig, 'paymentProvider' | 'paymentProviderQr' | 'paymentProviderRedirect'>;

/** The gateway configuration names for `payType`. */
export function paymentProviderFor(config: ProviderChoice, payType: PayType): PaymentProviderName {
  return (payType === 3 ? config.paymentProviderQr : config.paymentProviderRedirect) ?? config.paymentProvider;
}

export function paymentProvidersInUse(config: ProviderChoice): PaymentProviderName[] {
  return [...new Set([paymentProviderFor(config, 3), paymentProviderFor(config, 2)])];
}

/** Reads a key file named by configuration; the error is the one line an operator needs. */
export function readKeyFile(variable: string, file: string | undefined): string {
  if (file === undefined) throw new PaymentConfigError(`${variable} is unset.`);
  try {
    const text = readFileSync(file, 'utf8').trim();
    if (!text) throw new Error('the file is empty');
    return text;
  } catch (error) {
    const reason = error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error);
    throw new PaymentConfigError(`${variable} (${file}) cannot be read: ${reason}.`);
  }
}

function httpsProblem(variable: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    if (new URL(value).protocol === 'https:') return undefined;
  } catch {
    return `${variable} is not an absolute URL ("${value}").`;
  }
  return `${variable} must be https in production, got "${value}".`;
}

/**
 * What keeps the configured real gateways from working, one sentence each: missing
 * settings, key files that cannot be read, a gateway that cannot serve its pay type, and
 * in production a gateway address that is not https. Checked at start in every mode.
 */
export function paymentConfigProblems(config: PaymentConfig, production: boolean): string[] {
  const problems: string[] = [];
  const inUse = paymentProvidersInUse(config);
  if (paymentProviderFor(config, 2) === 'wechatpay')
    problems.push(
      'PAYMENT_PROVIDER_REDIRECT (or PAYMENT_PROVIDER) is wechatpay, but WeChat Pay Native serves the QR pay type only: set PAYMENT_PROVIDER_REDIRECT=alipay.',
    );
  const check = (variable: string, value: string | undefined, provider: string) => {
    if (value === undefined) problems.push(`${variable} is unset, but ${provider} is a configured payment provider.`);
  };
  const checkFile = (variable: string, file: string | undefined, provider: string) => {
    if (file === undefined) return check(variable, file, provider);
    try {
      readKeyFile(variable, file);
    } catch (error) {
      problems.push((error as Error).message);
    }
  };
  if (inUse.includes('wechatpay')) {
    const w = config.wechatpay;
    check('WECHATPAY_MCHID', w.mchid, 'wechatpay');
    check('WECHATPAY_APPID', w.appid, 'wechatpay');
    check('WECHATPAY_MERCHANT_SERIAL', w.merchantSerial, 'wechatpay');
    check('WECHATPAY_PLATFORM_PUBLIC_KEY_ID', w.platformPublicKeyId, 'wechatpay');
    checkFile('WECHATPAY_PRIVATE_KEY_FILE', w.privateKeyFile, 'wechatpay');
    checkFile('WECHATPAY_PLATFORM_PUBLIC_KEY_FILE', w.platformPublicKeyFile, 'wechatpay');
    checkFile('WECHATPAY_APIV3_KEY_FILE', w.apiV3KeyFile, 'wechatpay');
    if (w.apiV3KeyFile !== undefined) {
      try {
        if (Buffer.byteLength(readKeyFile('WECHATPAY_APIV3_KEY_FILE', w.apiV3KeyFile)) !== 32)
          problems.push('WECHATPAY_APIV3_KEY_FILE must hold the 32-character APIv3 key.');
      } catch {
        // Reported above.
      }
    }
    if (production) {
      const problem = httpsProblem('WECHATPAY_BASE_URL', w.baseUrl);
      if (problem) problems.push(problem);
    }
  }
  if (inUse.includes('alipay')) {
    const a = config.alipay;
    check('ALIPAY_APP_ID', a.appId, 'alipay');
    checkFile('ALIPAY_PRIVATE_KEY_FILE', a.privateKeyFile, 'alipay');
    checkFile('ALIPAY_PUBLIC_KEY_FILE', a.publicKeyFile, 'alipay');
    if (production) {
      const problem = httpsProblem('ALIPAY_GATEWAY', a.gateway);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}
