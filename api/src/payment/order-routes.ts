import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { SELECTION_MESSAGES, EDUCATION_TYPE_PROFESSIONAL } from '@yaoshi/contracts/course-selection-rules';
import { PAYMENT_VALID_MINUTES, enrolmentEndpoints, orderNameOf } from '@yaoshi/contracts/enrolment';
import { PAY_STATUS, type PayFailure } from '@yaoshi/contracts/order-states';
import { requirePrincipal } from '../auth/authenticator';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import type { Database } from '../db/database';
import { courses } from '../catalogue/catalogue-schema';
import { enrolments, orderCourses, orders } from '../orders/orders-schema';
import { learners } from '../accounts/accounts-schema';
import { badInput, conflict, notFound } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import type { RouteModule } from '../app-deps';
import { checkedSelectionOf, professionalHoursChecked } from '../enrolment/catalogue';
import { transitionOrder, type OrderRow } from '../orders/order-transitions';
import {
  closeOpenAttempts,
  closeOpenAttemptsOrUnavailable,
  openPaymentAttempt,
  readOrder,
  type PaymentContext,
} from './payments';
import { settleIfExpired, settleIfPaidAtGateway } from './order-settlement';
import { NOTIFY_PATH_PREFIX } from './notify-routes';
import { gatewayForPayType } from './payment-provider';
import { siteOrigin } from './site-origin';

export const ORDER_MESSAGES = {
  notFound: '订单不存在',
  alreadyPaid: '该订单已支付，无需重复支付',
  closed: '该订单已取消，请重新选课报名',
  changed: '订单状态已变化，请刷新后重试',
} as const;

const PAYMENT_VALID_MS = PAYMENT_VALID_MINUTES * 60 * 1000;

/** 14 digits of Beijing time and 6 random digits: sortable, unguessable enough, digits only. */
function newOrderNo(now: Date): string {
  return formatBeijingTime(now).replace(/\D/g, '') + String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Another learner's order answers exactly like a missing one. */
async function ownOrder(db: Database, learnerId: number, orderNo: string): Promise<OrderRow> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.learnerId, learnerId)))
    .limit(1);
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  return order;
}

const yuan = (fen: number) => fen / 100;

/** Pay an existing order again (continue pay, repay): a new attempt and a new deadline. */
async function reopenOrder(ctx: PaymentContext, learnerId: number, orderNo: string, payType: 2 | 3): Promise<OrderRow> {
  const { db, clock } = ctx;
  const expired = await settleIfExpired(ctx, await ownOrder(db, learnerId, orderNo));
  // Paying again: the earlier attempt is asked about and closed first, so money taken on
  // it (its notification lost) pays the order instead of a second charge.
  await closeOpenAttemptsOrUnavailable(ctx, [expired.id]);
  const order = await readOrder(db, expired.id);
  if (order.payStatus === PAY_STATUS.paid) throw badInput(ORDER_MESSAGES.alreadyPaid);
  if (order.payStatus !== PAY_STATUS.unpaid && order.payStatus !== PAY_STATUS.failed)
    throw badInput(ORDER_MESSAGES.closed);
  // Never take money twice for one course: the learner may hold some of this order's
  // courses already (through another order, or enrolled by the association).
  const held = await db
    .select({ name: courses.name })
    .from(orderCourses)
    .innerJoin(courses, eq(courses.id, orderCourses.courseId))
    .innerJoin(
      enrolments,
      and(
        eq(enrolments.courseId, orderCourses.courseId),
        eq(enrolments.learnerId, learnerId),
        isNull(enrolments.withdrawnAt),
      ),
    )
    .where(eq(orderCourses.orderId, order.id))
    .orderBy(asc(courses.sortOrder), asc(courses.id));
  if (held.length > 0) throw conflict(MESSAGES.courseAlreadyOwned(held.map((row) => row.name).join('、')));
  const now = clock.now();
  const payDeadline = new Date(now.getTime() + PAYMENT_VALID_MS);
  let reopened: boolean;
  if (order.payStatus === PAY_STATUS.failed)
    reopened = (await transitionOrder(db, order, 'restart_payment', now, { payDeadline, payType })) !== null;
  else {
    const rows = await db
      .update(orders)
      .set({ payDeadline, payType, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.payStatus, PAY_STATUS.unpaid)))
      .returning({ id: orders.id });
    reopened = rows.length === 1;
  }
  if (!reopened) throw badInput(ORDER_MESSAGES.changed);
  return readOrder(db, order.id);
}

/** The learner's orders of `year` that a new order would replace: unpaid or failed, oldest first. */
function replaceableOrdersOf(db: Database, learnerId: number, year: number) {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.learnerId, learnerId),
        eq(orders.year, year),
        inArray(orders.payStatus, [PAY_STATUS.unpaid, PAY_STATUS.failed]),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

const payFailureOf = (order: OrderRow) =>
  order.payStatus === PAY_STATUS.failed ? ((order.payFailure as PayFailure | null) ?? null) : null;

/**
 * A new order for a professional selection. The learner's row is locked so two orders
 * cannot be made at once, the rules are checked inside that lock, and the learner's other
 * unpaid or failed orders of the year are cancelled: the new selection replaces them, so
 * no course can be ordered twice.
 */
async function createOrder(
  ctx: PaymentContext,
  learnerId: number,
  year: number,
  cids: string,
  shownPrice: number | undefined,
  payType: 2 | 3,
) {
  const { db, clock } = ctx;
  const result = await db.transaction(async (tx) => {
    await tx.select({ id: learners.id }).from(learners).where(eq(learners.id, learnerId)).for('update');
    const selection = await checkedSelectionOf(tx, learnerId, year, 'professional', cids, clock.now());
    professionalHoursChecked(selection, true);
    if (shownPrice !== undefined && Math.round(shownPrice * 100) !== selection.priceFen)
      throw badInput(SELECTION_MESSAGES.priceChanged);
    const now = clock.now();
    const open = await replaceableOrdersOf(tx, learnerId, year);
    const superseded: OrderRow[] = [];
    for (const old of open) if ((await transitionOrder(tx, old, 'cancel', now)) !== null) superseded.push(old);
    const [order] = await tx
      .insert(orders)
      .values({
        orderNo: newOrderNo(now),
        learnerId,
        year,
        educationType: EDUCATION_TYPE_PROFESSIONAL,
        orderName: orderNameOf(year),
        priceFen: selection.priceFen,
        payType,
        createdAt: now,
        payDeadline: new Date(now.getTime() + PAYMENT_VALID_MS),
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(orderCourses)
      .values(
        selection.courses.map((course) => ({ orderId: order!.id, courseId: course.id, priceFen: course.priceFen })),
      );
    return { order: order!, superseded };
  });
  // Superseded orders' payments are closed at the gateway; one it cannot reach now is
  // settled by the sweep after its deadline (money on it is refunded, never enrolled).
  await closeOpenAttempts(
    ctx,
    result.superseded.map((old) => old.id),
  ).catch((error: unknown) =>
    ctx.log.warn({ err: error }, 'could not close the payments of replaced orders at the gateway'),
  );
  return { order: result.order, replaced: result.superseded.map((old) => old.orderNo) };
}

/** POST /v1/order, GET /v1/order_status, GET /v1/order_detail (spec 01 §4 "Payment", §7). */
export const orderRoutes: RouteModule = (api, { db, clock, config, paymentProvider, log }) => {
  const ctx: PaymentContext = { db, clock, provider: paymentProvider, log };

  api.add(enrolmentEndpoints.order, async ({ payload, principal, request }) => {
    const { learnerId } = requirePrincipal(principal);
    // Before anything is written: a refused Host must leave no order behind.
    const origin = siteOrigin(request, config);
    const { order, replaced } = payload.order_id
      ? { order: await reopenOrder(ctx, learnerId, payload.order_id, payload.pay_type), replaced: [] }
      : await createOrder(ctx, learnerId, payload.year, payload.cids, payload.price, payload.pay_type);
    const payment = await openPaymentAttempt(ctx, order, payload.pay_type, {
      notifyUrl: `${origin}${NOTIFY_PATH_PREFIX}/${gatewayForPayType(paymentProvider, payload.pay_type).name}`,
      returnUrl: `${origin}/pay?order_id=${order.orderNo}&returned=1`,
    });
    return {
      order_id: order.orderNo,
      orderSig: payment.payType === 3 ? { qrcode_url: payment.qrcodeUrl } : payment.redirectUrl,
      price: yuan(order.priceFen),
      expires_at: order.payDeadline.toISOString(),
      replaced_orders: replaced,
    };
  });

  api.add(enrolmentEndpoints.replaceableOrders, async ({ payload, principal }) => {
    const { learnerId } = requirePrincipal(principal);
    // An unpaid order past its deadline is shown as it is now (expired).
    const open: OrderRow[] = [];
    for (const order of await replaceableOrdersOf(db, learnerId, payload.year))
      open.push(await settleIfExpired(ctx, order));
    return open
      .filter((order) => order.payStatus === PAY_STATUS.unpaid || order.payStatus === PAY_STATUS.failed)
      .map((order) => ({
        order_id: order.orderNo,
        order_name: order.orderName,
        price: yuan(order.priceFen),
        pay_status: order.payStatus,
        pay_failure: payFailureOf(order),
        create_time: formatBeijingTime(order.createdAt),
      }));
  });

  api.add(enrolmentEndpoints.orderStatus, async ({ payload, principal, request }) => {
    const { learnerId } = requirePrincipal(principal);
    // Past its deadline it is closed; before it, a late notification is asked for at the gateway.
    const order = await settleIfPaidAtGateway(
      ctx,
      await settleIfExpired(ctx, await ownOrder(db, learnerId, payload.order_id)),
      request.ip,
    );
    return {
      order_id: order.orderNo,
      pay_status: order.payStatus,
      year: order.year,
      order_name: order.orderName,
      price: yuan(order.priceFen),
      pay_type: order.payType,
      pay_deadline: order.payDeadline.toISOString(),
      pay_failure: payFailureOf(order),
    };
  });

  api.add(enrolmentEndpoints.orderDetail, async ({ payload, principal }) => {
    const { learnerId } = requirePrincipal(principal);
    const order = await ownOrder(db, learnerId, payload.order_id);
    const rows = await db
      .select({
        id: courses.id,
        name: courses.name,
        hours: courses.classHourTenths,
        credit: courses.creditTenths,
        price: orderCourses.priceFen,
      })
      .from(orderCourses)
      .innerJoin(courses, eq(courses.id, orderCourses.courseId))
      .where(eq(orderCourses.orderId, order.id))
      .orderBy(asc(courses.sortOrder), asc(courses.id));
    return rows.map((row) => ({
      cid: row.id,
      name: row.name,
      class_hour: row.hours / 10,
      credit: row.credit / 10,
      price: yuan(row.price),
    }));
  });
};
