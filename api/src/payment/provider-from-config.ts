import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { PaymentProvider } from './payment-provider';
import { createSandboxProvider } from './sandbox-provider';
import { paymentProviderFor, readKeyFile, type PaymentConfig, type PaymentProviderName } from './payment-config';
import { createPaymentGateways } from './payment-gateways';
import {
  createWechatpayProvider,
  WECHATPAY_DEFAULT_BASE_URL,
  WECHATPAY_PROVIDER_NAME,
} from './wechatpay/wechatpay-provider';
import { ALIPAY_DEFAULT_GATEWAY, createAlipayProvider } from './alipay/alipay-provider';
import { NOTIFY_PATH_PREFIX } from './notify-routes';

type ProviderConfig = PaymentConfig & Pick<Config, 'paymentSandboxKey' | 'publicBaseUrl'>;

function providerNamed(
  name: PaymentProviderName,
  db: Database,
  clock: Clock,
  config: ProviderConfig,
  log?: { warn(object: unknown, message: string): void },
): PaymentProvider {
  switch (name) {
    case 'sandbox':
      return createSandboxProvider({ db, clock, key: config.paymentSandboxKey, ...(log ? { log } : {}) });
    case 'wechatpay': {
      const w = config.wechatpay;
      // assertUsableConfig has checked that these are set and readable.
      return createWechatpayProvider({
        mchid: w.mchid ?? '',
        appid: w.appid ?? '',
        merchantSerial: w.merchantSerial ?? '',
        merchantPrivateKey: readKeyFile('WECHATPAY_PRIVATE_KEY_FILE', w.privateKeyFile),
        platformPublicKey: readKeyFile('WECHATPAY_PLATFORM_PUBLIC_KEY_FILE', w.platformPublicKeyFile),
        platformPublicKeyId: w.platformPublicKeyId ?? '',
        apiV3Key: readKeyFile('WECHATPAY_APIV3_KEY_FILE', w.apiV3KeyFile),
        baseUrl: w.baseUrl ?? WECHATPAY_DEFAULT_BASE_URL,
        refundNotifyUrl: config.publicBaseUrl
          ? `${config.publicBaseUrl}${NOTIFY_PATH_PREFIX}/${WECHATPAY_PROVIDER_NAME}`
          : undefined,
      });
    }
    case 'alipay': {
      const a = config.alipay;
      return createAlipayProvider({
        appId: a.appId ?? '',
        privateKey: readKeyFile('ALIPAY_PRIVATE_KEY_FILE', a.privateKeyFile),
        alipayPublicKey: readKeyFile('ALIPAY_PUBLIC_KEY_FILE', a.publicKeyFile),
        gateway: a.gateway ?? ALIPAY_DEFAULT_GATEWAY,
      });
    }
  }
}

/**
 * The gateways configuration names, for the server and the admin command alike: one
 * provider when both pay types use the same gateway, else one over the gateway of each.
 */
export function paymentProviderFromConfig(
  db: Database,
  clock: Clock,
  config: ProviderConfig,
  log?: { warn(object: unknown, message: string): void },
): PaymentProvider {
  const qrName = paymentProviderFor(config, 3);
  const redirectName = paymentProviderFor(config, 2);
  const qr = providerNamed(qrName, db, clock, config, log);
  if (qrName === redirectName) return qr;
  return createPaymentGateways(db, { 3: qr, 2: providerNamed(redirectName, db, clock, config, log) });
}
