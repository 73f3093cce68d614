import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { PaymentProvider } from './payment-provider';
import { createSandboxProvider } from './sandbox-provider';

/** The gateway `PAYMENT_PROVIDER` names, for the server and the admin command alike. */
export function paymentProviderFromConfig(
  db: Database,
  clock: Clock,
  config: Pick<Config, 'paymentProvider' | 'paymentSandboxKey'>,
  log?: { warn(object: unknown, message: string): void },
): PaymentProvider {
  switch (config.paymentProvider) {
    case 'sandbox':
      return createSandboxProvider({ db, clock, key: config.paymentSandboxKey, ...(log ? { log } : {}) });
  }
}
