import { sql } from 'drizzle-orm';
import { writeAudit, type AuditActor } from '../audit/audit-log';
import type { Clock } from '../clock';
import { rowsOf, type Database } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { readAssociationProfile } from '../association-profile/association-profile';
import { invoiceMail, refundMail, type ComposedMail, type MailSender, type RefundResult } from './mail-content';
import { mails, type MailKind } from './mail-schema';

/**
 * Mail is queued in the transaction of the change it tells about (the invoice issued, the
 * refund decided), as a row the `mail-send` job sends (mail-sending.ts): if the change rolls
 * back, no mail; if the server dies after the commit, the job still finds the row.
 */

export const MAIL_SEND_JOB = 'mail-send';

/**
 * After the transaction that queued a mail has committed: the mail-send job now, so the mail
 * leaves within seconds instead of at the next minute. The job's every-minute run stays the
 * retry and the backstop (an enqueue that fails, a server that dies first), so a failure here
 * is only logged; the job's claim (mail-sending.ts) keeps two runs from sending one mail twice.
 */
export async function sendQueuedMailNow(
  jobs: Pick<JobQueue, 'enqueue'>,
  log?: { warn(details: object, message: string): void },
): Promise<void> {
  await jobs
    .enqueue(MAIL_SEND_JOB, {})
    .catch((error: unknown) => log?.warn({ err: error }, 'mail-send not enqueued; the next minute sends it'));
}

/** A recipient is worth queuing only with something like an address. */
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isMailAddress(text: string): boolean {
  return ADDRESS.test(text.trim());
}

/** The association as its profile names it, for a mail's signature. */
export async function mailSenderOf(db: Database): Promise<MailSender> {
  const profile = await readAssociationProfile(db);
  return { name: profile.name, address: profile.contact.address, phones: profile.contact.support_phones };
}

export interface QueuedMail extends ComposedMail {
  to: string;
  kind: MailKind;
  aboutId: number;
}

/** One row, audited as mail.queue in `tx`; answers its id. */
export async function queueMail(tx: Database, clock: Clock, actor: AuditActor, mail: QueuedMail): Promise<number> {
  const now = clock.now();
  const [row] = await tx
    .insert(mails)
    .values({
      recipient: mail.to.trim(),
      kind: mail.kind,
      subject: mail.subject,
      body: mail.body,
      aboutId: mail.aboutId,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: mails.id });
  if (!row) throw new Error('mail row not written');
  await writeAudit(tx, clock, actor, {
    action: 'mail.queue',
    target: mail.to.trim(),
    after: { mail: row.id, kind: mail.kind, about: mail.aboutId, subject: mail.subject },
  });
  return row.id;
}

interface InvoiceRow {
  id: number;
  email: string;
  invoice_title: string;
  invoice_no: string | null;
  amount_fen: number;
  issued_at: Date | string | null;
  order_no: string;
}

/**
 * The issued invoice of request `invoiceRequestId`, to the email on the request, its PDF
 * attached when the job sends it. Called where an invoice becomes issued, in that transaction.
 * Answers the mail's id, or null when the request has no invoice yet or no usable address.
 */
export async function queueInvoiceMail(
  tx: Database,
  clock: Clock,
  actor: AuditActor,
  invoiceRequestId: number,
): Promise<number | null> {
  // By name, not through the invoices feature's schema: invoices queue mail, so mail does not import them.
  const [row] = await rowsOf<InvoiceRow>(
    tx,
    sql`select r.id, r.email, r.invoice_title, r.invoice_no, r.amount_fen, r.issued_at, o.order_no
        from invoice_requests r join orders o on o.id = r.order_id where r.id = ${invoiceRequestId}`,
  );
  if (!row?.invoice_no || row.issued_at === null || !isMailAddress(row.email)) return null;
  const content = invoiceMail(
    {
      orderNo: row.order_no,
      invoiceNo: row.invoice_no,
      invoiceTitle: row.invoice_title,
      amountFen: row.amount_fen,
      issuedAt: new Date(row.issued_at),
    },
    await mailSenderOf(tx),
  );
  return queueMail(tx, clock, actor, { ...content, to: row.email, kind: 'invoice', aboutId: row.id });
}

interface RefundRow {
  id: number;
  amount_fen: number;
  order_no: string;
  email: string;
}

/**
 * The result of refund request `refundRequestId` to the learner's email (个人信息), when they
 * gave one. Called where a refund reaches its result, in that transaction.
 */
export async function queueRefundMail(
  tx: Database,
  clock: Clock,
  actor: AuditActor,
  refundRequestId: number,
  result: RefundResult,
  reason: string | null,
): Promise<number | null> {
  const [row] = await rowsOf<RefundRow>(
    tx,
    sql`select r.id, r.amount_fen, o.order_no, l.email
        from refund_requests r join orders o on o.id = r.order_id join learners l on l.id = r.learner_id
        where r.id = ${refundRequestId}`,
  );
  if (!row || !isMailAddress(row.email)) return null;
  const content = refundMail(
    { orderNo: row.order_no, amountFen: row.amount_fen, result, reason, decidedAt: clock.now() },
    await mailSenderOf(tx),
  );
  return queueMail(tx, clock, actor, { ...content, to: row.email, kind: 'refund-result', aboutId: row.id });
}
