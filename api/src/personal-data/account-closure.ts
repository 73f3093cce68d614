import { and, count, desc, eq } from 'drizzle-orm';
import type { ClosureRequest, ClosureRow } from '@yaoshi/contracts/personal-data';
import {
  CLOSURE_STATUS_LABELS,
  PERSONAL_DATA_MESSAGES as M,
  type ClosureStatus,
} from '@yaoshi/contracts/personal-data-rules';
import { maskPhone } from '@yaoshi/contracts/personal-data-rules';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { conflict, notFound } from '../envelope/api-error';
import { learners, passwordFailures } from '../accounts/accounts-schema';
import { revokeOtherSessions } from '../accounts/sessions';
import { facePhotos } from '../face-photos/face-photos-schema';
import { learnerActor, writeAudit, type Audit } from '../audit/audit-log';
import { accountClosureRequests } from './personal-data-schema';
import type { PersonalView } from '../auth/personal-view';

/**
 * Account closure (PIPL art. 47; docs/security.md, "Closing an account"). The learner asks
 * from /myInfo; 学员管理 approves or refuses with a reason; each step is audited.
 *
 * Approval keeps what the law and accounting require — name and ID number (whose records
 * these are), orders, refunds, invoices, enrolments, study progress and study reports (the
 * credit record behind a licence), exam papers and certificates — and removes the rest: the
 * phone (replaced by `closed:<id>`, so it can be registered again), e-mail, work unit, region,
 * education and the other profile fields, every face photo (rows, then files), the password
 * and every session. The account can no longer log in.
 */

type RequestRow = typeof accountClosureRequests.$inferSelect;

function requestView(row: RequestRow): ClosureRequest {
  return {
    id: row.id,
    status: row.status,
    status_text: CLOSURE_STATUS_LABELS[row.status],
    reason: row.reason,
    refuse_reason: row.refuseReason ?? '',
    requested_at: formatBeijingTime(row.createdAt),
    decided_at: row.decidedAt ? formatBeijingTime(row.decidedAt) : null,
  };
}

/** The learner's latest request, whatever its state. */
export async function myClosure(db: Database, learnerId: number): Promise<{ request: ClosureRequest | null }> {
  const [row] = await db
    .select()
    .from(accountClosureRequests)
    .where(eq(accountClosureRequests.learnerId, learnerId))
    .orderBy(desc(accountClosureRequests.createdAt), desc(accountClosureRequests.id))
    .limit(1);
  return { request: row ? requestView(row) : null };
}

async function lockedLearner(tx: Database, learnerId: number) {
  const [learner] = await tx.select().from(learners).where(eq(learners.id, learnerId)).for('update');
  if (!learner) throw new Error(`learner ${learnerId} is gone`);
  return learner;
}

async function pendingOf(tx: Database, learnerId: number): Promise<RequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(accountClosureRequests)
    .where(and(eq(accountClosureRequests.learnerId, learnerId), eq(accountClosureRequests.status, 'pending')))
    .limit(1);
  return row;
}

export async function askClosure(
  db: Database,
  clock: Clock,
  learnerId: number,
  reason: string,
  ip: string,
): Promise<{ request: ClosureRequest }> {
  return db.transaction(async (tx) => {
    const learner = await lockedLearner(tx, learnerId);
    if (await pendingOf(tx, learnerId)) throw conflict(M.closurePending);
    const [row] = await tx
      .insert(accountClosureRequests)
      .values({ learnerId, status: 'pending', reason, createdAt: clock.now() })
      .returning();
    await writeAudit(tx, clock, learnerActor(learner, ip), {
      action: 'learner.closure-ask',
      target: learner.idNumber,
      after: { request_id: row!.id, reason },
    });
    return { request: requestView(row!) };
  });
}

export async function withdrawClosure(
  db: Database,
  clock: Clock,
  learnerId: number,
  ip: string,
): Promise<{ request: ClosureRequest }> {
  return db.transaction(async (tx) => {
    const learner = await lockedLearner(tx, learnerId);
    const pending = await pendingOf(tx, learnerId);
    if (!pending) throw conflict(M.closureNothingToWithdraw);
    const [row] = await tx
      .update(accountClosureRequests)
      .set({ status: 'withdrawn', decidedAt: clock.now() })
      .where(eq(accountClosureRequests.id, pending.id))
      .returning();
    await writeAudit(tx, clock, learnerActor(learner, ip), {
      action: 'learner.closure-withdraw',
      target: learner.idNumber,
      before: { request_id: pending.id, status: 'pending' },
      after: { status: 'withdrawn' },
    });
    return { request: requestView(row!) };
  });
}

/** 学员管理's list: pending first (oldest on top), then the decided, newest first. */
export async function listClosures(
  db: Database,
  query: { page: number; size: number; status?: ClosureStatus | undefined },
  view: PersonalView,
): Promise<{ total: number; pending: number; list: ClosureRow[] }> {
  const where = query.status ? eq(accountClosureRequests.status, query.status) : undefined;
  const [[total], [pending]] = await Promise.all([
    db.select({ n: count() }).from(accountClosureRequests).where(where),
    db.select({ n: count() }).from(accountClosureRequests).where(eq(accountClosureRequests.status, 'pending')),
  ]);
  const rows = await db
    .select({ request: accountClosureRequests, learner: learners })
    .from(accountClosureRequests)
    .innerJoin(learners, eq(learners.id, accountClosureRequests.learnerId))
    .where(where)
    .orderBy(
      desc(eq(accountClosureRequests.status, 'pending')),
      desc(accountClosureRequests.createdAt),
      desc(accountClosureRequests.id),
    )
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return {
    total: Number(total?.n ?? 0),
    pending: Number(pending?.n ?? 0),
    list: rows.map(({ request, learner }) => ({
      ...requestView(request),
      learner_id: learner.id,
      name: learner.name,
      id_number: view.idNumber(learner.idNumber),
      phone: view.phone(learner.phone),
      decided_by: request.decidedBy ?? '',
    })),
  };
}

async function lockedPending(tx: Database, id: number): Promise<RequestRow> {
  const [row] = await tx.select().from(accountClosureRequests).where(eq(accountClosureRequests.id, id)).for('update');
  if (!row) throw notFound(M.closureNotFound);
  if (row.status !== 'pending') throw conflict(M.closureNotPending);
  return row;
}

/** The fields a closure empties (null or ''), by column. */
const EMPTIED_PROFILE = {
  company: '',
  province: '',
  city: '',
  county: '',
  provinceCode: null,
  cityCode: null,
  countyCode: null,
  education: null,
  sex: null,
  major: '',
  certificationNumber1: '',
  certificationNumber2: '',
  graduateSchool: '',
  ethnic: null,
  professionRank: null,
  politicsStatus: null,
  email: '',
  avatarPath: null,
  avatarStatus: 0,
  avatarRejectReason: null,
} as const;

/** What a closed account's password hash is: no argon2 hash or initial-password mark matches it. */
export const CLOSED_PASSWORD_HASH = 'closed:no-login';

/**
 * Approves a pending request in the caller's audited transaction and closes the account.
 * Answers the storage paths of the deleted face photos, for the caller to delete after the
 * commit (a file left by a crash is unreachable: no row signs a URL for it).
 */
export async function approveClosure(
  tx: Database,
  clock: Clock,
  audit: Audit,
  decidedBy: string,
  id: number,
): Promise<{ photoPaths: string[] }> {
  const request = await lockedPending(tx, id);
  const learner = await lockedLearner(tx, request.learnerId);
  const now = clock.now();
  const photos = await tx
    .delete(facePhotos)
    .where(eq(facePhotos.learnerId, learner.id))
    .returning({ path: facePhotos.path });
  await tx.delete(passwordFailures).where(eq(passwordFailures.learnerId, learner.id));
  await revokeOtherSessions(tx, clock, learner.id, null);
  await tx
    .update(learners)
    .set({
      ...EMPTIED_PROFILE,
      phone: `closed:${learner.id}`,
      passwordHash: CLOSED_PASSWORD_HASH,
      passwordLockedUntil: null,
      mustChangePassword: false,
      disabledAt: learner.disabledAt ?? now,
      closedAt: now,
      updatedAt: now,
    })
    .where(eq(learners.id, learner.id));
  await tx
    .update(accountClosureRequests)
    .set({ status: 'approved', decidedBy, decidedAt: now })
    .where(eq(accountClosureRequests.id, request.id));
  const paths = new Set(photos.map((photo) => photo.path));
  if (learner.avatarPath) paths.add(learner.avatarPath);
  await audit({
    action: 'learner.closure-approve',
    target: learner.idNumber,
    // The removed values are not copied here: the trail would keep what the closure deletes.
    before: { request_id: request.id, phone: maskPhone(learner.phone), face_photos: photos.length },
    after: {
      closed_at: formatBeijingTime(now),
      removed: ['手机号', '电子邮箱', '工作单位', '地区', '学历等资料', '人脸照片', '密码与登录会话'],
      kept: ['姓名', '身份证号', '订单', '发票', '退款', '学习与学时记录', '考试记录', '学时证明'],
    },
  });
  return { photoPaths: [...paths] };
}

export async function refuseClosure(
  tx: Database,
  clock: Clock,
  audit: Audit,
  decidedBy: string,
  id: number,
  reason: string,
): Promise<void> {
  const request = await lockedPending(tx, id);
  const [learner] = await tx.select().from(learners).where(eq(learners.id, request.learnerId));
  await tx
    .update(accountClosureRequests)
    .set({ status: 'refused', refuseReason: reason, decidedBy, decidedAt: clock.now() })
    .where(eq(accountClosureRequests.id, request.id));
  await audit({
    action: 'learner.closure-refuse',
    target: learner!.idNumber,
    before: { request_id: request.id, status: 'pending' },
    after: { status: 'refused', reason },
  });
}
