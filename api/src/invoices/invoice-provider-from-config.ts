import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { siteSettings } from '../content/content-schema';
import { readKeyFile } from '../payment/payment-config';
import { NUONUO_DEFAULT_BASE_URL, type InvoiceConfig } from './invoice-config';
import type { InvoiceProvider } from './invoice-provider';
import { createSandboxInvoiceProvider } from './invoice-sandbox-provider';
import { createNuonuoProvider } from './nuonuo/nuonuo-provider';

/** The provider `INVOICE_PROVIDER` names, for the server and the admin command alike (checked at start: invoice-config.ts). */
export function invoiceProviderFromConfig(db: Database, clock: Clock, config: InvoiceConfig): InvoiceProvider {
  if (config.invoiceProvider === 'sandbox') {
    return createSandboxInvoiceProvider({
      clock,
      sellerName: async () =>
        (await db.select({ name: siteSettings.siteName }).from(siteSettings).limit(1))[0]?.name ?? '',
    });
  }
  const n = config.nuonuo;
  return createNuonuoProvider({
    appKey: readKeyFile('NUONUO_APP_KEY_FILE', n.appKeyFile),
    appSecret: readKeyFile('NUONUO_APP_SECRET_FILE', n.appSecretFile),
    accessToken: readKeyFile('NUONUO_ACCESS_TOKEN_FILE', n.accessTokenFile),
    taxNumber: readKeyFile('NUONUO_TAX_NUMBER_FILE', n.taxNumberFile),
    baseUrl: n.baseUrl ?? NUONUO_DEFAULT_BASE_URL,
    sellerPhone: n.sellerPhone ?? '',
    sellerAddress: n.sellerAddress ?? '',
    clerk: n.clerk ?? '',
  });
}
