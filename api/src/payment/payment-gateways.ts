import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { paymentAttempts } from './payment-schema';
import type { PaymentGateways, PaymentProvider, PayType } from './payment-provider';

export const ROUTED_PROVIDER_NAME = 'gateways';

/**
 * One `PaymentProvider` over the gateway of each pay type. An attempt remembers the
 * gateway that opened it (`payment_attempts.provider`), so its query, close and refund go
 * back there even after the association changes which gateway serves the pay type.
 */
export function createPaymentGateways(
  db: Database,
  byPayType: Readonly<Record<PayType, PaymentProvider>>,
): PaymentGateways {
  const all = [...new Map([byPayType[3], byPayType[2]].map((gateway) => [gateway.name, gateway])).values()];
  const named = (name: string) => all.find((gateway) => gateway.name === name);

  async function gatewayOf(merchantNo: string): Promise<PaymentProvider> {
    const [attempt] = await db
      .select({ provider: paymentAttempts.provider, payType: paymentAttempts.payType })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.merchantNo, merchantNo))
      .limit(1);
    if (!attempt) return byPayType[3];
    const gateway = named(attempt.provider);
    if (!gateway) throw new Error(`payment gateway "${attempt.provider}" of ${merchantNo} is no longer configured`);
    return gateway;
  }

  return {
    name: ROUTED_PROVIDER_NAME,
    all,
    named,
    forPayType: (payType) => byPayType[payType],
    createPayment: (input) => byPayType[input.payType].createPayment(input),
    verifyNotification(body, headers) {
      for (const gateway of all) {
        const notification = gateway.verifyNotification(body, headers);
        if (notification) return notification;
      }
      return null;
    },
    query: async (merchantNo) => (await gatewayOf(merchantNo)).query(merchantNo),
    close: async (merchantNo) => (await gatewayOf(merchantNo)).close(merchantNo),
    refund: async (input) => (await gatewayOf(input.merchantOrderNo)).refund(input),
  };
}
