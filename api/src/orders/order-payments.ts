/**
 * What the order lifecycle needs from payment, defined here so that the arrows run one way:
 * payment, refunds and invoices call into `orders/`, and `orders/` reaches the gateway only
 * through this interface, which payment implements (`orderPaymentsOf`) and `app.ts` wires in.
 */
export interface OrderPayments {
  /** Settles unpaid orders past their deadline (all of them, or one learner's): paid late, or failed. */
  settleExpired(learnerId?: number): Promise<void>;
  /** Closes the open payment attempts of these orders at the gateway, so it takes no more money for them. */
  closeOpenAttempts(orderIds: readonly number[]): Promise<void>;
}
