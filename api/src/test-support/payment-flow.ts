import { eq } from 'drizzle-orm';
import type { OrderResponse, SelectionCourse, WebCourses } from '@yaoshi/contracts/enrolment';
import { orders } from '../orders/orders-schema';
import { paymentAttempts } from '../payment/payment-schema';
import { authed, dataOf } from './learner-session';
import type { ApiResponse, TestServer } from './test-server';

/** A learner's way to an order, as the /signStudy and /pay pages take it. */

/** All compulsory courses and six 6-hour electives of `year`: exactly 60 hours. */
export async function sixtyHourSelection(server: TestServer, token: string, year: number): Promise<string> {
  const courses = (dataOf(await authed(server, token, 'GET', '/v1/webcourses', { year, type: 1 })) as WebCourses)
    .courses;
  const chosen: SelectionCourse[] = [
    ...courses.filter((c) => c.course_type === 1),
    ...courses.filter((c) => c.course_type === 2 && c.class_hour === 6).slice(0, 6),
  ];
  return chosen.map((c) => c.cid).join(',');
}

export function placeOrder(server: TestServer, token: string, payload: Record<string, unknown>): Promise<ApiResponse> {
  return authed(server, token, 'POST', '/v1/order', payload);
}

/** A new order for 60 hours of `year`, paid by `payType`: what the pay page receives. */
export async function newOrder(
  server: TestServer,
  token: string,
  year: number,
  payType: 2 | 3,
): Promise<OrderResponse> {
  const cids = await sixtyHourSelection(server, token, year);
  return dataOf(await placeOrder(server, token, { year, cids, pay_type: payType })) as OrderResponse;
}

/** The address the learner's phone opens (QR) or the browser is sent to (redirect). */
export function payAddressOf(order: OrderResponse): string {
  return typeof order.orderSig === 'string' ? order.orderSig : order.orderSig.qrcode_url;
}

export async function payStatusOf(server: TestServer, token: string, orderNo: string): Promise<number> {
  return (
    dataOf(await authed(server, token, 'GET', '/v1/order_status', { order_id: orderNo })) as { pay_status: number }
  ).pay_status;
}

export async function attemptsOf(server: TestServer, orderNo: string) {
  const [order] = await server.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!order) throw new Error(`no order ${orderNo}`);
  const rows = await server.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id));
  return rows.sort((a, b) => a.id - b.id);
}
