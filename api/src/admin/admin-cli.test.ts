import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { OrderState } from '@yaoshi/contracts/order-states';
import { auditRecords } from '../audit/audit-schema';
import { learners } from '../accounts/accounts-schema';
import { courses } from '../catalogue/catalogue-schema';
import { runAdminOn } from '../test-support/admin-cli-run';
import { databaseFingerprint, startTestServer, type TestServer } from '../test-support/test-server';
import { ZHANG } from '../test-support/learner-session';
import { facePhotos } from '../face-photos/face-photos-schema';
import { orders } from '../orders/orders-schema';
import type { PaymentProvider, RefundResult } from '../payment/payment-provider';
import { insertOrderInState } from '../seed/order-seed';

/**
 * `npm run admin -- avatar|refund|invoice …` (issue 18): every command that changes something
 * writes its audit record as the command line (命令行), in the transaction of the change —
 * when the record cannot be written, nothing changes.
 */

let server: TestServer;
let zhangId: number;
let year: number;
let nextOrderNo = 810000;

before(async () => {
  server = await startTestServer();
  const [zhang] = await server.db
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.idNumber, ZHANG.idNumber));
  zhangId = zhang!.id;
  const [course] = await server.db.select({ year: courses.year }).from(courses).orderBy(asc(courses.year)).limit(1);
  year = course!.year;
});
after(() => server.close());

const state = (pay_status: number, refund_status = 0, is_receipt = 0) =>
  ({ pay_status, refund_status, is_receipt }) as OrderState;

async function orderIn(orderState: OrderState): Promise<string> {
  const orderNo = String((nextOrderNo += 1));
  const id = await insertOrderInState(server.db, {
    orderNo,
    learnerId: zhangId,
    year,
    state: orderState,
    courseIds: [],
    createdAt: new Date(server.clock.nowMs() - 2 * 24 * 60 * 60 * 1000),
    priceFen: 18000,
  });
  assert.ok(id !== null);
  return orderNo;
}

async function pendingPhoto(): Promise<void> {
  await server.db.insert(facePhotos).values({
    learnerId: zhangId,
    path: 'faces/cli.jpg',
    courseId: null,
    percent: null,
    createdAt: server.clock.now(),
  });
}

/** A gateway that refunds (once per refund number) or cannot be reached. */
function gateway(reachable: boolean): PaymentProvider {
  return {
    name: 'cli-test-gateway',
    createPayment: () => Promise.reject(new Error('not used')),
    verifyNotification: () => null,
    query: () => Promise.reject(new Error('not used')),
    close: () => Promise.resolve(),
    refund(input): Promise<RefundResult> {
      if (!reachable) return Promise.reject(new Error('connect ETIMEDOUT'));
      return Promise.resolve({ state: 'refunded', providerRefundNo: `GW-${input.merchantRefundNo}` });
    },
  };
}

interface CliCase {
  name: string;
  /** Puts the database where the command has something to do; returns the command line and its target. */
  prepare: () => Promise<{ argv: string[]; target: string }>;
  action: string;
  provider?: PaymentProvider;
}

const CASES: CliCase[] = [
  {
    name: 'avatar approve',
    action: 'face.approve',
    prepare: async () => {
      await pendingPhoto();
      return { argv: ['avatar', 'approve', ZHANG.idNumber], target: ZHANG.idNumber };
    },
  },
  {
    name: 'avatar reject',
    action: 'face.reject',
    prepare: async () => {
      await pendingPhoto();
      return { argv: ['avatar', 'reject', ZHANG.idNumber], target: ZHANG.idNumber };
    },
  },
  {
    name: 'refund approve',
    action: 'refund.approve',
    provider: gateway(true),
    prepare: async () => {
      const orderNo = await orderIn(state(2, 1));
      return { argv: ['refund', 'approve', orderNo], target: orderNo };
    },
  },
  {
    name: 'refund reject',
    action: 'refund.reject',
    prepare: async () => {
      const orderNo = await orderIn(state(2, 1));
      return { argv: ['refund', 'reject', orderNo, '材料不全'], target: orderNo };
    },
  },
  {
    name: 'refund done',
    action: 'refund.complete',
    provider: gateway(true),
    prepare: async () => {
      const orderNo = await orderIn(state(2, 2));
      return { argv: ['refund', 'done', orderNo], target: orderNo };
    },
  },
  {
    name: 'invoice issue (accept)',
    action: 'invoice.issue',
    prepare: async () => {
      const orderNo = await orderIn(state(2, 0, 1));
      return { argv: ['invoice', 'issue', orderNo], target: orderNo };
    },
  },
  {
    name: 'invoice fail',
    action: 'invoice.reject',
    prepare: async () => {
      const orderNo = await orderIn(state(2, 0, 2));
      return { argv: ['invoice', 'fail', orderNo, '税号有误'], target: orderNo };
    },
  },
];

const run = (argv: string[], provider: PaymentProvider | null) => runAdminOn(server, argv, provider);

/** The orders, refund and invoice requests, photos and learners: what a command may change. */
async function changeableState() {
  const print = await databaseFingerprint(server.db);
  return {
    print,
    orders: await server.db.select().from(orders).orderBy(asc(orders.id)),
    photos: await server.db.select().from(facePhotos).orderBy(asc(facePhotos.id)),
    zhang: await server.db.select().from(learners).where(eq(learners.id, zhangId)),
  };
}

/** Drizzle wraps the database's error: the trigger's message is the cause's. */
function refusedAudit(error: unknown): boolean {
  const cause = (error as { cause?: unknown }).cause;
  return /audit trail unavailable/.test(`${String(error)} ${cause instanceof Error ? cause.message : ''}`);
}

describe('npm run admin: every change is audited as the command line', () => {
  for (const cliCase of CASES) {
    test(`${cliCase.name} writes one ${cliCase.action} record by 命令行`, async () => {
      const { argv, target } = await cliCase.prepare();
      const [newest] = await server.db
        .select({ id: auditRecords.id })
        .from(auditRecords)
        .orderBy(desc(auditRecords.id))
        .limit(1);
      const result = await run(argv, cliCase.provider ?? null);
      assert.equal(result.ok, true, result.message);
      const written = await server.db
        .select()
        .from(auditRecords)
        .where(sql`${auditRecords.id} > ${newest?.id ?? 0}`);
      // An approved refund's outcome follows as the gateway's answer, under the gateway's name;
      // so does an approved invoice's (issue 37: the invoice provider issues it).
      const issued = written.filter((record) => record.action === 'invoice.issued');
      assert.equal(issued.length, cliCase.name === 'invoice issue (accept)' ? 1 : 0, JSON.stringify(written));
      if (issued[0]) assert.equal(issued[0].actorKind, 'gateway');
      const outcome = written.filter((record) => record.action === 'refund.outcome');
      if (cliCase.name === 'refund approve') {
        assert.equal(outcome.length, 1, JSON.stringify(written));
        assert.equal(outcome[0]!.actorKind, 'gateway');
        assert.equal((outcome[0]!.after as { outcome: string }).outcome, '已退款');
      } else assert.equal(outcome.length, 0);
      // A refund's result and an issued invoice are mailed to the learner: the mail is queued in
      // the same transaction as the change that decides it (issue 37).
      const mailed = written.filter((record) => record.action === 'mail.queue');
      assert.equal(mailed.length, /^(refund|invoice issue)/.test(cliCase.name) ? 1 : 0, JSON.stringify(written));
      written.splice(
        0,
        written.length,
        ...written.filter((record) => !['refund.outcome', 'invoice.issued', 'mail.queue'].includes(record.action)),
      );
      assert.equal(written.length, 1, JSON.stringify(written));
      assert.equal(written[0]!.actor, '命令行');
      assert.equal(written[0]!.actorKind, 'command-line');
      assert.equal(written[0]!.staffId, null);
      assert.equal(written[0]!.action, cliCase.action);
      assert.equal(written[0]!.target, target);
      assert.notEqual(written[0]!.after, null);
    });
  }

  test('a command whose audit record cannot be written changes nothing (one transaction)', async () => {
    const prepared = [];
    for (const cliCase of CASES) prepared.push({ cliCase, ...(await cliCase.prepare()) });
    await server.db.execute(sql`
      CREATE FUNCTION refuse_audit() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'audit trail unavailable'; END $$ LANGUAGE plpgsql`);
    await server.db.execute(
      sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_records FOR EACH ROW EXECUTE FUNCTION refuse_audit()`,
    );
    try {
      for (const { cliCase, argv } of prepared) {
        // Only the newest pending photo is decided: one photo at a time.
        const before = await changeableState();
        await assert.rejects(run(argv, cliCase.provider ?? null), refusedAudit, cliCase.name);
        assert.deepEqual(await changeableState(), before, cliCase.name);
      }
    } finally {
      await server.db.execute(sql`DROP TRIGGER refuse_audit ON audit_records`);
      await server.db.execute(sql`DROP FUNCTION refuse_audit()`);
    }
    const [photo] = await server.db
      .select({ state: facePhotos.state })
      .from(facePhotos)
      .where(and(eq(facePhotos.learnerId, zhangId), eq(facePhotos.path, 'faces/cli.jpg')))
      .orderBy(desc(facePhotos.id))
      .limit(1);
    assert.equal(photo?.state, 'pending');
  });
});
