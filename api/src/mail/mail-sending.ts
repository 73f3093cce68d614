import { and, asc, eq, lte } from 'drizzle-orm';
import { jobActor, writeAudit } from '../audit/audit-log';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { MailSendError, type MailAttachment, type MailTransport } from './mail-transport';
import { mails, type MailKind } from './mail-schema';
import { MAIL_SEND_JOB } from './mail-queue';

/**
 * The `mail-send` job: every queued mail whose time has come is sent; a refusal is recorded
 * on its row (`lastError`) and tried again later, up to MAIL_MAX_ATTEMPTS; a permanent
 * refusal (5xx: no such mailbox) or the last attempt ends it as failed. Each state change is
 * audited in its own transaction, named by the job.
 */

/** Attempts in all, the first included. */
export const MAIL_MAX_ATTEMPTS = 5;
/** The wait after attempt n (1-based) fails: a minute, 5, 15, an hour. */
export const MAIL_RETRY_MINUTES: readonly number[] = [1, 5, 15, 60];
/** A mail being sent is not taken by another run for this long (a run that died lets it go). */
const SEND_LEASE_MINUTES = 10;
/** Mails one run sends; the next run goes on. */
export const MAIL_BATCH = 50;

const MINUTE_MS = 60_000;

export function retryDelayMinutes(attempt: number): number {
  return MAIL_RETRY_MINUTES[Math.min(attempt, MAIL_RETRY_MINUTES.length) - 1] ?? 60;
}

/** What a mail of some kind carries besides its text (the invoice's PDF), drawn when it is sent. */
export type AttachmentsOf = (kind: MailKind, aboutId: number) => Promise<MailAttachment[]>;

export interface MailSending {
  db: Database;
  clock: Clock;
  transport: MailTransport;
  attachmentsOf?: AttachmentsOf;
}

export interface SendRun {
  sent: number;
  retrying: number;
  failed: number;
}

const actor = jobActor(MAIL_SEND_JOB);

/** Takes mail `id` for this run if it is still due: its next attempt moves past the lease. */
async function claim(db: Database, clock: Clock, id: number) {
  const now = clock.now();
  const [row] = await db
    .update(mails)
    .set({ nextAttemptAt: new Date(now.getTime() + SEND_LEASE_MINUTES * MINUTE_MS) })
    .where(and(eq(mails.id, id), eq(mails.status, 'queued'), lte(mails.nextAttemptAt, now)))
    .returning();
  return row ?? null;
}

export async function sendDueMails(deps: MailSending, limit = MAIL_BATCH): Promise<SendRun> {
  const { db, clock } = deps;
  const run: SendRun = { sent: 0, retrying: 0, failed: 0 };
  const due = await db
    .select({ id: mails.id })
    .from(mails)
    .where(and(eq(mails.status, 'queued'), lte(mails.nextAttemptAt, clock.now())))
    .orderBy(asc(mails.nextAttemptAt), asc(mails.id))
    .limit(limit);
  for (const { id } of due) {
    const outcome = await sendOne(deps, id);
    if (outcome !== null) run[outcome] += 1;
  }
  return run;
}

/** One attempt at mail `id`; null when another run has it. */
export async function sendOne(deps: MailSending, id: number): Promise<keyof SendRun | null> {
  const { db, clock, transport } = deps;
  // The claim is bookkeeping (the lease), not a change of the mail's state: the outcome below is audited.
  const mail = await db.transaction(async (tx) => {
    const claimed = await claim(tx, clock, id);
    if (claimed)
      await writeAudit(tx, clock, actor, {
        action: 'mail.attempt',
        target: claimed.recipient,
        after: { mail: id, attempt: claimed.attempts + 1 },
      });
    return claimed;
  });
  if (mail === null) return null;
  let error: MailSendError | null = null;
  try {
    const attachments = deps.attachmentsOf ? await deps.attachmentsOf(mail.kind, mail.aboutId) : [];
    await transport.send({ to: mail.recipient, subject: mail.subject, text: mail.body, attachments, mailId: id });
  } catch (caught) {
    error = caught instanceof MailSendError ? caught : new MailSendError(String(caught), false);
  }
  const attempts = mail.attempts + 1;
  return db.transaction(async (tx) => {
    const now = clock.now();
    if (error === null) {
      await tx.update(mails).set({ status: 'sent', attempts, sentAt: now, updatedAt: now }).where(eq(mails.id, id));
      await writeAudit(tx, clock, actor, {
        action: 'mail.sent',
        target: mail.recipient,
        before: { status: 'queued' },
        after: { mail: id, status: 'sent', attempts },
      });
      return 'sent' as const;
    }
    const gaveUp = error.permanent || attempts >= MAIL_MAX_ATTEMPTS;
    const next = new Date(now.getTime() + retryDelayMinutes(attempts) * MINUTE_MS);
    await tx
      .update(mails)
      .set({
        status: gaveUp ? 'failed' : 'queued',
        attempts,
        lastError: error.message,
        nextAttemptAt: gaveUp ? now : next,
        updatedAt: now,
      })
      .where(eq(mails.id, id));
    await writeAudit(tx, clock, actor, {
      action: gaveUp ? 'mail.fail' : 'mail.retry',
      target: mail.recipient,
      before: { status: 'queued' },
      after: { mail: id, status: gaveUp ? 'failed' : 'queued', attempts, error: error.message },
    });
    return gaveUp ? ('failed' as const) : ('retrying' as const);
  });
}
