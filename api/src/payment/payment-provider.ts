/**
 * What the server needs of a payment gateway, shaped like the real ones (WeChat Pay,
 * Alipay): a merchant order number and an amount in fen go out, a signed notification
 * comes back to our notify URL, and orders can be queried, closed and refunded. The
 * default implementation is the sandbox gateway served by this API; a real gateway is
 * another implementation of this interface chosen by configuration.
 */

/** 3: QR code (wechat-type, the default); 2: redirect to a checkout page (alipay-type). */
export type PayType = 2 | 3;

export interface CreatePaymentInput {
  /** Our merchant order number for this payment attempt (digits). */
  merchantOrderNo: string;
  amountFen: number;
  description: string;
  payType: PayType;
  /** Where the gateway posts its signed notification. */
  notifyUrl: string;
  /** Where a redirect-type checkout sends the payer back (pay type 2). */
  returnUrl: string;
  /** After this moment the gateway must refuse to take the money. */
  expiresAt: Date;
}

export type CreatePaymentResult =
  /** Pay type 3: the address the QR code encodes. */
  | { payType: 3; qrcodeUrl: string }
  /** Pay type 2: the checkout page the browser is sent to. */
  | { payType: 2; redirectUrl: string };

/** A notification after the gateway verified its signature: what it says happened. */
export interface PaymentNotification {
  merchantOrderNo: string;
  /** The gateway's own transaction id. */
  providerTradeNo: string;
  amountFen: number;
  outcome: 'paid' | 'failed';
  /** When the gateway took (or refused) the money, by its clock: a payment after the order's deadline is late. */
  occurredAt: Date;
}

export type PaymentQueryResult =
  { state: 'pending' | 'failed' | 'closed' } | { state: 'paid'; providerTradeNo: string; amountFen: number };

export interface RefundInput {
  merchantOrderNo: string;
  /** Our refund number: a retried refund with the same number refunds once. */
  merchantRefundNo: string;
  amountFen: number;
  reason: string;
}

export type RefundResult = { state: 'refunded'; providerRefundNo: string } | { state: 'failed'; reason: string };

export interface PaymentProvider {
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult>;
  /**
   * Checks a notification's signature over the exact body received and reads it; null when
   * the signature or the body is not the gateway's.
   */
  verifyNotification(
    body: string,
    headers: Readonly<Record<string, string | string[] | undefined>>,
  ): PaymentNotification | null;
  query(merchantOrderNo: string): Promise<PaymentQueryResult>;
  /** Closes an unpaid payment so it can no longer be paid (deadline passed, order cancelled). */
  close(merchantOrderNo: string): Promise<void>;
  refund(input: RefundInput): Promise<RefundResult>;
}
