import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { asc, eq } from 'drizzle-orm';
import { PAY_STATUS } from '@yaoshi/contracts/order-states';
import { movableClock } from '../clock';
import { parseBeijingTime } from '@yaoshi/contracts/beijing-time';
import type { DatabaseHandle } from '../db/database';
import { academicYears } from '../catalogue/catalogue-schema';
import { enrolments, orders } from '../orders/orders-schema';
import { invoiceRequests } from '../invoices/invoices-schema';
import { learners } from '../accounts/accounts-schema';
import { refundRequests } from '../refunds/refunds-schema';
import { openTestDatabase } from '../db/test-database';
import { isWithinRefundWindow } from '@yaoshi/contracts/refund-window';
import {
  DEMO_ORDER_LEARNER_ID_NUMBER,
  LAPSED_REFUND_LEARNER_ID_NUMBER,
  LAPSED_REFUND_PAID_DAYS_AGO,
  demoOrderStates,
} from './order-seed';
import { seedMissing } from './seed';

let database: DatabaseHandle;
before(async () => {
  database = await openTestDatabase();
  await seedMissing(database.db, movableClock(parseBeijingTime('2026-11-23 09:00:00')));
});
after(() => database.close());

test('王芳 has one demo order per reachable state, and a second failed one that expired, in the previous and the make-up year only', async () => {
  const { db } = database;
  const [wang] = await db
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.idNumber, DEMO_ORDER_LEARNER_ID_NUMBER));
  const years = (await db.select().from(academicYears).orderBy(asc(academicYears.sortOrder))).map((row) => row.year);
  // Her current-year order is the study demo's (study-seed.ts); this part seeds the two years before.
  const rows = (await db.select().from(orders).where(eq(orders.learnerId, wang!.id))).filter(
    (row) => row.year !== years[0],
  );
  const key = (pay: number, refund: number, receipt: number) => `${pay}/${refund}/${receipt}`;
  assert.deepEqual(
    rows.map((row) => key(row.payStatus, row.refundStatus, row.receiptStatus)).sort(),
    [...demoOrderStates().map((s) => key(s.pay_status, s.refund_status, s.is_receipt)), key(3, 0, 0)].sort(),
  );
  // One failed order was declined (支付失败), the other expired (已过期); no other order has a failure.
  assert.deepEqual(
    rows
      .filter((row) => row.payStatus === PAY_STATUS.failed)
      .map((row) => row.payFailure)
      .sort(),
    ['declined', 'expired'],
  );
  assert.ok(rows.filter((row) => row.payStatus !== PAY_STATUS.failed).every((row) => row.payFailure === null));
  assert.deepEqual(new Set(rows.map((row) => row.year)), new Set([years[1], years[2]]));

  for (const order of rows) {
    const enrolled = await db.select().from(enrolments).where(eq(enrolments.orderId, order.id));
    const paid = order.payStatus === PAY_STATUS.paid || order.payStatus === PAY_STATUS.refunded;
    assert.equal(enrolled.length, paid ? 2 : 0, `order ${order.orderNo}`);
    assert.ok(enrolled.every((row) => (row.withdrawnAt !== null) === (order.payStatus === PAY_STATUS.refunded)));
    assert.equal(paid, order.paidAt !== null);
    if (order.payStatus === PAY_STATUS.unpaid)
      assert.ok(order.payDeadline.getTime() > parseBeijingTime('2026-11-29 09:00:00').getTime(), 'payable for a week');
    const refundRows = await db.select().from(refundRequests).where(eq(refundRequests.orderId, order.id));
    assert.equal(refundRows.length, order.refundStatus === 0 ? 0 : 1);
    const invoiceRows = await db.select().from(invoiceRequests).where(eq(invoiceRequests.orderId, order.id));
    assert.equal(invoiceRows.length, order.receiptStatus === 0 ? 0 : 1);
  }
});

test('赵敏 has one order of last year, paid 40 days ago and not studied: past the refund window (issue 16 item 6)', async () => {
  const { db } = database;
  const [zhao] = await db
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.idNumber, LAPSED_REFUND_LEARNER_ID_NUMBER));
  const years = (await db.select().from(academicYears).orderBy(asc(academicYears.sortOrder))).map((row) => row.year);
  const old = (await db.select().from(orders).where(eq(orders.learnerId, zhao!.id))).filter(
    (row) => row.year === years[1],
  );
  assert.equal(old.length, 1);
  const [order] = old;
  assert.equal(order!.payStatus, PAY_STATUS.paid);
  const seededAt = parseBeijingTime('2026-11-23 09:00:00');
  assert.equal(seededAt.getTime() - order!.paidAt!.getTime(), LAPSED_REFUND_PAID_DAYS_AGO * 24 * 60 * 60 * 1000);
  assert.equal(isWithinRefundWindow(order!.paidAt, seededAt), false);
  const enrolled = await db.select().from(enrolments).where(eq(enrolments.orderId, order!.id));
  assert.equal(enrolled.length, 2);
});

test('seeding again adds nothing', async () => {
  assert.equal(await seedMissing(database.db, movableClock(parseBeijingTime('2026-12-01 09:00:00'))), false);
});
