import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { mailEndpoints, type MailRow } from '@yaoshi/contracts/mail';
import type { RouteModule } from '../app-deps';
import { learnerActorOf, writeAudit } from '../audit/audit-log';
import { requirePrincipal } from '../auth/authenticator';
import type { Clock } from '../clock';
import { rowsOf, type Database } from '../db/database';
import { conflict, notFound } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import { hitRateLimit, type RateLimit } from '../rate-limits/rate-limits';
import { queueInvoiceMail, sendQueuedMailNow } from './mail-queue';
import { mailOutbox, mails } from './mail-schema';

export const MAIL_TEXT = {
  invoiceNotIssued: '该订单的发票尚未开具',
  noInvoiceEmail: '发票申请中的邮箱无效，无法发送',
  resendLimit: (minutes: number) => `发票邮件发送过于频繁，请${minutes}分钟后再试`,
} as const;

/** A learner may have an invoice mailed again 3 times an hour (a mailbox that lost it, a typo fixed by 财务). */
export const INVOICE_MAIL_RESEND_LIMIT: RateLimit = {
  action: 'learner:invoice-mail',
  max: 3,
  windowMs: 60 * 60_000,
  message: MAIL_TEXT.resendLimit,
};

interface IssuedInvoice {
  id: number;
  email: string;
}

async function issuedInvoiceOf(db: Database, orderNo: string, learnerId: number | null): Promise<IssuedInvoice> {
  const [order] = await rowsOf<{ id: number; learner_id: number }>(
    db,
    sql`select id, learner_id from orders where order_no = ${orderNo}`,
  );
  if (!order || (learnerId !== null && order.learner_id !== learnerId)) throw notFound(MESSAGES.orderNotFound);
  const [invoice] = await rowsOf<IssuedInvoice>(
    db,
    sql`select id, email from invoice_requests where order_id = ${order.id} and status = 'issued'
        order by issued_at desc limit 1`,
  );
  if (!invoice) throw conflict(MAIL_TEXT.invoiceNotIssued);
  return invoice;
}

/** The learner's 重新发送: the invoice mail queued again, audited as theirs, sent by the job right away. */
export async function resendInvoiceMail(
  db: Database,
  clock: Clock,
  learner: { learnerId: number; ip: string },
  orderNo: string,
): Promise<{ to: string }> {
  const invoice = await issuedInvoiceOf(db, orderNo, learner.learnerId);
  await hitRateLimit(db, clock, INVOICE_MAIL_RESEND_LIMIT, `${learner.learnerId}`);
  return db.transaction(async (tx) => {
    const actor = await learnerActorOf(tx, learner.learnerId, learner.ip);
    const mailId = await queueInvoiceMail(tx, clock, actor, invoice.id);
    if (mailId === null) throw conflict(MAIL_TEXT.noInvoiceEmail);
    await writeAudit(tx, clock, actor, { action: 'mail.resend', target: orderNo, after: { mail: mailId } });
    return { to: invoice.email };
  });
}

/** Every mail about the invoice of `orderNo`, newest first, for 财务. */
export async function invoiceMailsOf(db: Database, orderNo: string): Promise<MailRow[]> {
  const [order] = await rowsOf<{ id: number }>(db, sql`select id from orders where order_no = ${orderNo}`);
  if (!order) throw notFound(MESSAGES.orderNotFound);
  const rows = await db
    .select()
    .from(mails)
    .where(
      and(
        eq(mails.kind, 'invoice'),
        sql`${mails.aboutId} in (select id from invoice_requests where order_id = ${order.id})`,
      ),
    )
    .orderBy(desc(mails.createdAt), desc(mails.id));
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: formatBeijingTime(row.createdAt),
    sent_at: row.sentAt ? formatBeijingTime(row.sentAt) : null,
  }));
}

export const mailRoutes: RouteModule = (api, { db, clock, jobs, log }) => {
  api.add(mailEndpoints.resendInvoiceMail, async ({ payload, principal, request }) => {
    const answer = await resendInvoiceMail(
      db,
      clock,
      { learnerId: requirePrincipal(principal).learnerId, ip: request.ip },
      payload.order_id,
    );
    // The row is committed: the scheduled run would send it within a minute; this sends it now.
    await sendQueuedMailNow(jobs, log);
    return answer;
  });

  api.add(mailEndpoints.invoiceMails, async ({ payload }) => ({ list: await invoiceMailsOf(db, payload.order_no) }));
};

export const DEV_MAIL_OUTBOX_PATH = '/dev/mail-outbox';
const OUTBOX_LIMIT = 20;

/**
 * GET /dev/mail-outbox?to=… — what the development mail transport "sent" to an address, newest
 * first. Plain JSON, unsigned; registered only where the outbox is allowed (usesMailOutbox).
 */
export function registerDevMailOutboxRoutes(app: FastifyInstance, db: Database): void {
  app.get<{ Querystring: { to?: string } }>(DEV_MAIL_OUTBOX_PATH, async (request, reply) => {
    const to = request.query.to;
    if (typeof to !== 'string' || to.trim() === '') return reply.code(400).send({ error: 'to must be an address' });
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, to.trim()))
      .orderBy(desc(mailOutbox.sentAt), desc(mailOutbox.id))
      .limit(OUTBOX_LIMIT);
    return reply.header('cache-control', 'no-store').send({
      to: to.trim(),
      messages: rows.map((row) => ({
        subject: row.subject,
        body: row.body,
        attachments: row.attachments === '' ? [] : row.attachments.split(','),
        sent_at: row.sentAt.toISOString(),
      })),
    });
  });
}
