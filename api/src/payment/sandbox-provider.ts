import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { sandboxPayments, sandboxRefunds, type SandboxPaymentState } from './payment-schema';
import type {
  CreatePaymentInput,
  CreatePaymentResult,
  PaymentNotification,
  PaymentProvider,
  PaymentQueryResult,
  RefundInput,
  RefundResult,
} from './payment-provider';

/**
 * The sandbox gateway: a payment gateway served by this API, shaped like the real ones so
 * the rest of the server cannot tell the difference. It keeps its own books
 * (`sandbox_payments`, `sandbox_refunds`), serves the page a QR code opens and the checkout
 * page of the redirect type (sandbox-gateway-pages.ts), and tells the merchant what happened
 * by POSTing a signed notification to the notify URL over real HTTP, retrying like a real
 * gateway when the merchant does not answer `success`.
 *
 * Notification body: JSON `{ merchant_no, trade_no, amount_fen, outcome, occurred_at, notify_id }`,
 * header `x-sandbox-signature: base64(HMAC-SHA256(key, body))`; the merchant answers the
 * text `success` (anything else means "send again").
 */

export const SANDBOX_PROVIDER_NAME = 'sandbox';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_PAGE_PREFIX = '/sandbox-pay';
/** What the merchant answers when it accepted a notification (Alipay-style protocol). */
export const NOTIFY_ACCEPTED = 'success';
export const NOTIFY_REFUSED = 'fail';
const NOTIFY_ATTEMPTS = 3;
const NOTIFY_RETRY_MS = 500;

export interface SandboxNotificationBody {
  merchant_no: string;
  trade_no: string;
  amount_fen: number;
  outcome: 'paid' | 'failed';
  occurred_at: string;
  notify_id: string;
}

export function signSandboxBody(key: string, body: string): string {
  return createHmac('sha256', key).update(body, 'utf8').digest('base64');
}

function signatureMatches(key: string, body: string, signature: string): boolean {
  const expected = Buffer.from(signSandboxBody(key, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function parseNotificationBody(body: string): SandboxNotificationBody | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const ok =
    typeof v.merchant_no === 'string' &&
    /^\d{1,32}$/.test(v.merchant_no) &&
    typeof v.trade_no === 'string' &&
    v.trade_no.length <= 64 &&
    typeof v.amount_fen === 'number' &&
    Number.isSafeInteger(v.amount_fen) &&
    (v.outcome === 'paid' || v.outcome === 'failed') &&
    typeof v.occurred_at === 'string' &&
    !Number.isNaN(Date.parse(v.occurred_at)) &&
    typeof v.notify_id === 'string';
  return ok ? (v as unknown as SandboxNotificationBody) : null;
}

function tradeNo(prefix: string, clock: Clock): string {
  return `${prefix}${clock.nowMs()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export interface SandboxProvider extends PaymentProvider {
  /** The payment behind a QR / checkout token, for the gateway's own pages. */
  findByToken(token: string): Promise<typeof sandboxPayments.$inferSelect | null>;
  /**
   * The payer's choice on the gateway page: takes (or refuses) the money if the payment is
   * still pending and not expired, then notifies the merchant. Returns the payment's state after.
   */
  payerChooses(
    token: string,
    outcome: 'paid' | 'failed',
  ): Promise<{ state: SandboxPaymentState | 'expired' | 'unknown'; returnUrl: string | null }>;
}

export interface SandboxProviderOptions {
  db: Database;
  clock: Clock;
  key: string;
  /** How the gateway reaches the merchant's notify URL; tests may count or drop calls. */
  fetchImpl?: typeof fetch;
  log?: { warn(object: unknown, message: string): void };
}

export function createSandboxProvider(options: SandboxProviderOptions): SandboxProvider {
  const { db, clock, key } = options;
  const fetchImpl = options.fetchImpl ?? fetch;

  async function notifyMerchant(
    payment: typeof sandboxPayments.$inferSelect,
    outcome: 'paid' | 'failed',
    trade: string,
  ): Promise<void> {
    const body = JSON.stringify({
      merchant_no: payment.merchantNo,
      trade_no: trade,
      amount_fen: payment.amountFen,
      outcome,
      occurred_at: clock.now().toISOString(),
      notify_id: randomBytes(12).toString('hex'),
    } satisfies SandboxNotificationBody);
    for (let attempt = 1; attempt <= NOTIFY_ATTEMPTS; attempt++) {
      try {
        const response = await fetchImpl(payment.notifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(key, body) },
          body,
        });
        if ((await response.text()).trim() === NOTIFY_ACCEPTED) return;
      } catch (error) {
        options.log?.warn(
          { err: error, merchantNo: payment.merchantNo },
          'sandbox gateway could not reach the notify URL',
        );
      }
      if (attempt < NOTIFY_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, NOTIFY_RETRY_MS * attempt));
    }
    // A real gateway keeps retrying for hours; the merchant also queries after the deadline.
    options.log?.warn({ merchantNo: payment.merchantNo }, 'sandbox gateway gave up notifying');
  }

  async function byMerchantNo(merchantNo: string) {
    const [payment] = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.merchantNo, merchantNo))
      .limit(1);
    return payment ?? null;
  }

  return {
    name: SANDBOX_PROVIDER_NAME,

    async createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult> {
      const token = randomBytes(18).toString('base64url');
      await db.insert(sandboxPayments).values({
        merchantNo: input.merchantOrderNo,
        token,
        amountFen: input.amountFen,
        description: input.description,
        payType: input.payType,
        notifyUrl: input.notifyUrl,
        returnUrl: input.returnUrl,
        createdAt: clock.now(),
        expiresAt: input.expiresAt,
      });
      const origin = new URL(input.notifyUrl).origin;
      return input.payType === 3
        ? { payType: 3, qrcodeUrl: `${origin}${SANDBOX_PAGE_PREFIX}/qr/${token}` }
        : { payType: 2, redirectUrl: `${origin}${SANDBOX_PAGE_PREFIX}/checkout/${token}` };
    },

    verifyNotification(body, headers): PaymentNotification | null {
      const signature = headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof signature !== 'string' || !signatureMatches(key, body, signature)) return null;
      const parsed = parseNotificationBody(body);
      if (!parsed) return null;
      return {
        merchantOrderNo: parsed.merchant_no,
        providerTradeNo: parsed.trade_no,
        amountFen: parsed.amount_fen,
        outcome: parsed.outcome,
        occurredAt: new Date(parsed.occurred_at),
      };
    },

    async query(merchantNo: string): Promise<PaymentQueryResult> {
      const payment = await byMerchantNo(merchantNo);
      if (!payment) return { state: 'closed' };
      if (payment.state === 'paid')
        return { state: 'paid', providerTradeNo: payment.tradeNo ?? '', amountFen: payment.amountFen };
      if (payment.state === 'pending' && payment.expiresAt.getTime() <= clock.nowMs()) return { state: 'closed' };
      return { state: payment.state };
    },

    async close(merchantNo: string): Promise<void> {
      await db
        .update(sandboxPayments)
        .set({ state: 'closed', finishedAt: clock.now() })
        .where(and(eq(sandboxPayments.merchantNo, merchantNo), eq(sandboxPayments.state, 'pending')));
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const payment = await byMerchantNo(input.merchantOrderNo);
      if (!payment || payment.state !== 'paid') return { state: 'failed', reason: '该笔交易未支付，无法退款' };
      if (input.amountFen <= 0 || input.amountFen > payment.amountFen)
        return { state: 'failed', reason: '退款金额不正确' };
      // One refund per merchant refund number: a retry gets the first answer back.
      await db
        .insert(sandboxRefunds)
        .values({
          merchantRefundNo: input.merchantRefundNo,
          merchantNo: input.merchantOrderNo,
          refundNo: tradeNo('R', clock),
          amountFen: input.amountFen,
          reason: input.reason,
          createdAt: clock.now(),
        })
        .onConflictDoNothing();
      const [refund] = await db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.merchantRefundNo, input.merchantRefundNo))
        .limit(1);
      if (!refund || refund.merchantNo !== input.merchantOrderNo)
        return { state: 'failed', reason: '退款单号已被使用' };
      return { state: 'refunded', providerRefundNo: refund.refundNo };
    },

    async findByToken(token: string) {
      const [payment] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.token, token)).limit(1);
      return payment ?? null;
    },

    async payerChooses(token, outcome) {
      const payment = await this.findByToken(token);
      if (!payment) return { state: 'unknown', returnUrl: null };
      if (payment.state === 'pending' && payment.expiresAt.getTime() <= clock.nowMs()) {
        await this.close(payment.merchantNo);
        return { state: 'expired', returnUrl: payment.returnUrl };
      }
      const trade = tradeNo('T', clock);
      // Conditional: two taps, or a tap racing the merchant's close, change the state once.
      const changed = await db
        .update(sandboxPayments)
        .set({ state: outcome, tradeNo: trade, finishedAt: clock.now() })
        .where(and(eq(sandboxPayments.merchantNo, payment.merchantNo), eq(sandboxPayments.state, 'pending')))
        .returning({ merchantNo: sandboxPayments.merchantNo });
      if (changed.length === 1) await notifyMerchant(payment, outcome, trade);
      const after = await byMerchantNo(payment.merchantNo);
      return { state: after?.state ?? 'unknown', returnUrl: payment.returnUrl };
    },
  };
}
