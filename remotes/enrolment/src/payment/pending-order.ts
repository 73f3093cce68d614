/**
 * The order to pay (spec 01 §3 "Order to pay"): year, price, order_id, pay type and the
 * selected course list, kept in browser storage under `net-class-pay` so a refresh of /pay
 * (支付失败，请刷新重试) finds it again. localStorage: logout clears it with everything else.
 */
export const PENDING_ORDER_KEY = 'net-class-pay';

export interface PendingOrder {
  year: number;
  /** Comma-joined course ids. */
  cids: string;
  /** Education type, 1 professional. */
  type: number;
  /** Yuan, as the server's validate computed it; display only. */
  price: number;
  /** Empty until the server created the order. */
  order_id: string;
  pay_type?: 2 | 3;
  courses: { cid: number; name: string }[];
}

function isPendingOrder(value: unknown): value is PendingOrder {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.year === 'number' &&
    typeof v.cids === 'string' &&
    typeof v.price === 'number' &&
    typeof v.order_id === 'string' &&
    Array.isArray(v.courses)
  );
}

export function readPendingOrder(): PendingOrder | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(PENDING_ORDER_KEY) ?? 'null');
    return isPendingOrder(value) ? value : null;
  } catch {
    return null;
  }
}

export function savePendingOrder(order: PendingOrder): void {
  localStorage.setItem(PENDING_ORDER_KEY, JSON.stringify(order));
}

export function clearPendingOrder(): void {
  localStorage.removeItem(PENDING_ORDER_KEY);
}
