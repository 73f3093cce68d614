import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { beijingDayOf } from '@yaoshi/contracts/beijing-time';
import type { StaffDigestSetting } from '@yaoshi/contracts/mail';
import { permissionsOf, type Permission } from '@yaoshi/contracts/staff-roles';
import { jobActor, writeAudit, type AuditActor } from '../audit/audit-log';
import type { Clock } from '../clock';
import { rowsOf, type Database } from '../db/database';
import { listArchiveReviews } from '../archive-reviews/archive-reviews';
import { facePhotos } from '../face-photos/face-photos-schema';
import { invoiceRequests } from '../invoices/invoices-schema';
import { digestMail, type DigestCounts } from '../mail/mail-content';
import { mailSenderOf, queueMail } from '../mail/mail-queue';
import { refundRequests } from '../refunds/refunds-schema';
import { staffAccounts } from '../staff/staff-schema';
import { staffDigestSettings } from './staff-digest-schema';

/**
 * 每日待办 (issue 37): once a day, each staff member who opted in gets a mail with the counts
 * of what waits for them — only the queues their roles can act on: refunds and invoices
 * (finance.write), face photos (faces.review), archive reviews (archive.review).
 */
export const STAFF_DIGEST_JOB = 'staff-digest';

export async function digestSettingOf(db: Database, staffId: number): Promise<StaffDigestSetting> {
  const [row] = await db.select().from(staffDigestSettings).where(eq(staffDigestSettings.staffId, staffId));
  return row ? { enabled: true, email: row.email } : { enabled: false, email: '' };
}

export async function saveDigestSetting(
  db: Database,
  clock: Clock,
  actor: AuditActor & { staffId: number },
  setting: StaffDigestSetting,
): Promise<StaffDigestSetting> {
  return db.transaction(async (tx) => {
    const before = await digestSettingOf(tx, actor.staffId);
    const now = clock.now();
    if (setting.enabled)
      await tx
        .insert(staffDigestSettings)
        .values({ staffId: actor.staffId, email: setting.email, updatedAt: now })
        .onConflictDoUpdate({ target: staffDigestSettings.staffId, set: { email: setting.email, updatedAt: now } });
    else await tx.delete(staffDigestSettings).where(eq(staffDigestSettings.staffId, actor.staffId));
    const after = setting.enabled ? setting : { enabled: false, email: '' };
    await writeAudit(tx, clock, actor, { action: 'staff.digest-setting', target: actor.username, before, after });
    return after;
  });
}

/** What waits, by queue, counted once for every recipient. */
async function waitingCounts(db: Database, now: Date): Promise<Required<DigestCounts>> {
  const [refunds] = await db.select({ n: count() }).from(refundRequests).where(eq(refundRequests.status, 'reviewing'));
  const [invoices] = await db
    .select({ n: count() })
    .from(invoiceRequests)
    .where(inArray(invoiceRequests.status, ['reviewing', 'issuing']));
  const [faces] = await db
    .select({ n: count() })
    .from(facePhotos)
    .where(and(eq(facePhotos.state, 'pending'), isNull(facePhotos.courseId)));
  const archive = await listArchiveReviews(db, {}, 1, 1, now);
  // By name, as mail-queue.ts reads invoices: the latest mail of each issued invoice, when it bounced.
  const [bounced] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select distinct on (about_id) about_id, status from mails where kind = 'invoice'
          order by about_id, created_at desc, id desc) latest
        join invoice_requests r on r.id = latest.about_id
        where latest.status = 'bounced' and r.status = 'issued'`,
  );
  return {
    refunds: Number(refunds?.n ?? 0),
    invoices: Number(invoices?.n ?? 0),
    bouncedInvoiceMails: Number(bounced?.n ?? 0),
    facePhotos: Number(faces?.n ?? 0),
    archiveReviews: archive.counts.pending,
  };
}

/** The counts a staff member with `permissions` can act on. */
export function countsFor(permissions: readonly Permission[], all: Required<DigestCounts>): DigestCounts {
  const counts: DigestCounts = {};
  if (permissions.includes('finance.write'))
    Object.assign(counts, {
      refunds: all.refunds,
      invoices: all.invoices,
      bouncedInvoiceMails: all.bouncedInvoiceMails,
    });
  if (permissions.includes('faces.review')) counts.facePhotos = all.facePhotos;
  if (permissions.includes('archive.review')) counts.archiveReviews = all.archiveReviews;
  return counts;
}

/**
 * Queues today's digests (the mail-send job sends them): one per opted-in, enabled staff
 * member with at least one queue of their own holding something. Answers how many.
 */
export async function queueStaffDigests(db: Database, clock: Clock): Promise<number> {
  const subscribers = await db
    .select({
      id: staffAccounts.id,
      name: staffAccounts.name,
      roles: staffAccounts.roles,
      email: staffDigestSettings.email,
    })
    .from(staffDigestSettings)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffDigestSettings.staffId))
    .where(isNull(staffAccounts.disabledAt));
  if (subscribers.length === 0) return 0;
  const now = clock.now();
  const all = await waitingCounts(db, now);
  const sender = await mailSenderOf(db);
  let queued = 0;
  for (const staff of subscribers) {
    const counts = countsFor(permissionsOf(staff.roles), all);
    if (!Object.values(counts).some((n) => n > 0)) continue;
    const content = digestMail(staff.name, beijingDayOf(now), counts, sender);
    await db.transaction((tx) =>
      queueMail(tx, clock, jobActor(STAFF_DIGEST_JOB), {
        ...content,
        to: staff.email,
        kind: 'staff-digest',
        aboutId: staff.id,
      }),
    );
    queued += 1;
  }
  return queued;
}
