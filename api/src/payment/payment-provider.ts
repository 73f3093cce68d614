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

/** A refund notification after the gateway verified it: the refund `merchantRefundNo` finished. */
export interface RefundNotification {
  kind: 'refund';
  merchantOrderNo: string;
  merchantRefundNo: string;
  providerRefundNo: string;
  amountFen: number;
  outcome: 'refunded' | 'failed';
  occurredAt: Date;
}

/** What the notify endpoint sends back, in the gateway's own format. */
export interface NotifyAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** One line of a gateway's daily bill: money it took or gave back for one of our merchant numbers. */
export interface BillEntry {
  kind: 'payment' | 'refund';
  merchantOrderNo: string;
  providerTradeNo: string;
  /** Positive for both kinds: the money taken, or the money given back. */
  amountFen: number;
  merchantRefundNo: string | null;
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

/**
 * `refunded`: the gateway accepted the refund (WeChat may still be processing it; its refund
 * notification confirms). `failed`: it refused, with its reason.
 */
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
  ): PaymentNotification | RefundNotification | null;
  /** How the notify endpoint answers this gateway; default the sandbox's text `success` / `fail`. */
  answerNotification?(accepted: boolean): NotifyAnswer;
  /** The gateway's bill of `day` (YYYY-MM-DD, Beijing time): every payment and refund it booked that day. */
  downloadBill?(day: string): Promise<BillEntry[]>;
  query(merchantOrderNo: string): Promise<PaymentQueryResult>;
  /** Closes an unpaid payment so it can no longer be paid (deadline passed, order cancelled). */
  close(merchantOrderNo: string): Promise<void>;
  refund(input: RefundInput): Promise<RefundResult>;
}

/**
 * The gateways of a site that uses more than one: the association chooses by configuration
 * which gateway serves each pay type. It is itself a `PaymentProvider` (so refunds, the
 * admin command and the order routes need not care): a new payment goes to the pay type's
 * gateway, and query, close and refund go to the gateway the attempt was opened with.
 */
export interface PaymentGateways extends PaymentProvider {
  forPayType(payType: PayType): PaymentProvider;
  named(name: string): PaymentProvider | undefined;
  readonly all: readonly PaymentProvider[];
}

export function isPaymentGateways(provider: PaymentProvider): provider is PaymentGateways {
  return 'forPayType' in provider && 'named' in provider;
}

/** The gateway that serves `payType` (the provider itself when there is only one). */
export function gatewayForPayType(provider: PaymentProvider, payType: PayType): PaymentProvider {
  return isPaymentGateways(provider) ? provider.forPayType(payType) : provider;
}

/** The gateway called `name` (notify addresses carry it), if this site uses one. */
export function gatewayNamed(provider: PaymentProvider, name: string): PaymentProvider | undefined {
  if (isPaymentGateways(provider)) return provider.named(name);
  return provider.name === name ? provider : undefined;
}

export function allGateways(provider: PaymentProvider): readonly PaymentProvider[] {
  return isPaymentGateways(provider) ? provider.all : [provider];
}
