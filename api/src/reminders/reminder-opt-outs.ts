import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { writeAudit, type AuditActor } from '../audit/audit-log';
import type { Clock } from '../clock';
import { rowsOf, type Database } from '../db/database';
import { reminderOptOuts } from './reminders-schema';

/**
 * A learner's "no year-end reminders" (issue 37): set on 个人信息 or by the link in a reminder
 * mail; a campaign skips them. Each change is audited in its transaction.
 */

export async function wantsReminders(db: Database, learnerId: number): Promise<boolean> {
  const [row] = await db.select().from(reminderOptOuts).where(eq(reminderOptOuts.learnerId, learnerId));
  return row === undefined;
}

export async function setWantsReminders(
  db: Database,
  clock: Clock,
  actor: AuditActor,
  learnerId: number,
  wanted: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await wantsReminders(tx, learnerId);
    if (before === wanted) return;
    if (wanted) await tx.delete(reminderOptOuts).where(eq(reminderOptOuts.learnerId, learnerId));
    else await tx.insert(reminderOptOuts).values({ learnerId, optedOutAt: clock.now() }).onConflictDoNothing();
    const [learner] = await rowsOf<{ phone: string }>(tx, sql`select phone from learners where id = ${learnerId}`);
    await writeAudit(tx, clock, actor, {
      action: 'learner.reminder-opt-out',
      target: learner?.phone ?? String(learnerId),
      before: { year_end_reminders: before },
      after: { year_end_reminders: wanted },
    });
  });
}

/** Where the one-click unsubscribe of a reminder mail goes (a plain page, no login). */
export const UNSUBSCRIBE_PATH = '/unsubscribe/reminders';
const PURPOSE = 'reminder-unsubscribe:';

/** The link's proof: an HMAC of the learner's id under a server secret, for this purpose only. */
export function unsubscribeToken(secret: string, learnerId: number): string {
  return createHmac('sha256', secret).update(`${PURPOSE}${learnerId}`).digest('base64url').slice(0, 32);
}

export function unsubscribeUrl(baseUrl: string, secret: string, learnerId: number): string {
  return `${baseUrl}${UNSUBSCRIBE_PATH}?l=${learnerId}&t=${unsubscribeToken(secret, learnerId)}`;
}

export function unsubscribeTokenValid(secret: string, learnerId: number, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, learnerId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
