import { eq } from 'drizzle-orm';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { conflict, notFound } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import { gatewayActor, type AuditActor } from '../audit/audit-log';
import type { JobQueue, RetryPolicy } from '../jobs/job-queue';
import type { Storage } from '../storage/storage';
import { findOrderByNo } from '../orders/order-transitions';
import { sendQueuedMailNow } from '../mail/mail-queue';
import { invoiceRequests } from './invoices-schema';
import { DEFAULT_INVOICE_POLL_SECONDS } from './invoice-config';
import {
  InvoiceProviderUnavailable,
  type InvoiceLine,
  type InvoiceProvider,
  type InvoiceResult,
  type InvoiceSubmission,
} from './invoice-provider';
import { acceptInvoice, claimInvoiceRetry, recordIssuedInvoice, recordProviderAnswer } from './invoice-processing';

/**
 * Issuing through the e-invoice provider (issue 37). 财务's one click commits the approval
 * (invoice-processing.ts: of any number of concurrent approvals one commits), and only then,
 * outside any transaction, asks the provider with the request's serial number. The answer:
 * - issued: the PDF is copied into our storage and `recordIssuedInvoice` records it;
 * - in progress (开票中): the provider's serial number is recorded and a background job
 *   (INVOICE_POLL_JOB) asks again until the answer is final;
 * - refused, or the provider unreachable: its words are recorded and shown to 财务, who may
 *   retry; a retry sends the same serial number, which the provider issues at most once.
 */

export const INVOICE_POLL_JOB = 'invoice-poll';
/** Wait between two questions to a provider that answered 开票中 (default; `INVOICE_POLL_SECONDS`). */
export const INVOICE_POLL_SECONDS = DEFAULT_INVOICE_POLL_SECONDS;
/** After this many unanswered questions (about 2 hours) 财务 is told and may retry. */
export const INVOICE_POLL_MAX_ATTEMPTS = 240;
export const INVOICE_POLL_POLICY: Partial<RetryPolicy> = {
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
};
export const POLL_GAVE_UP = '开票平台长时间未返回开票结果，请稍后点击“重新提交”查询或联系开票平台';

export interface InvoiceIssuing {
  db: Database;
  clock: Clock;
  provider: InvoiceProvider;
  storage: Pick<Storage, 'put'>;
  jobs: Pick<JobQueue, 'enqueue'>;
  line: InvoiceLine;
  /** Where an enqueue that failed is told (the app's log). */
  log?: { warn(details: object, message: string): void };
  /** Default INVOICE_POLL_SECONDS (tests: less). */
  pollSeconds?: number;
}

export interface InvoicePollPayload {
  requestId: number;
  attempt: number;
}

/** What 财务 sees after approving or retrying. */
export interface IssuingStatus {
  status: 'issuing' | 'issued';
  invoice_no: string | null;
  issued_at: string | null;
  provider_error: string | null;
}

export const invoicePdfKeyOf = (serialNo: string) => `invoices/${serialNo}.pdf`;

async function submissionOf(db: Database, requestId: number, line: InvoiceLine) {
  const [row] = await db.select().from(invoiceRequests).where(eq(invoiceRequests.id, requestId)).limit(1);
  if (!row?.serialNo) return null;
  const submission: InvoiceSubmission = {
    serialNo: row.serialNo,
    buyerName: row.invoiceTitle,
    buyerTaxNumber: row.taxNumber,
    buyerPhone: row.phone,
    email: row.email,
    amountFen: row.amountFen,
    line,
    remark: row.remark,
    requestedAt: row.createdAt,
  };
  return { row, submission };
}

async function statusOf(db: Database, requestId: number): Promise<IssuingStatus> {
  const [row] = await db.select().from(invoiceRequests).where(eq(invoiceRequests.id, requestId)).limit(1);
  if (!row) throw new Error(`invoice request ${requestId} vanished`);
  return {
    status: row.status === 'issued' ? 'issued' : 'issuing',
    invoice_no: row.invoiceNo,
    issued_at: row.issuedAt ? formatBeijingTime(row.issuedAt) : null,
    provider_error: row.providerError,
  };
}

/** 财务 approves a request: accepted, then sent to the provider. */
export async function approveInvoice(deps: InvoiceIssuing, actor: AuditActor, orderNo: string): Promise<IssuingStatus> {
  const outcome = await acceptInvoice(deps.db, deps.clock, actor, orderNo, deps.provider.name);
  if (outcome.kind === 'no-such-order') throw notFound(MESSAGES.orderNotFound);
  if (outcome.kind !== 'issuing') throw conflict(MESSAGES.invoiceNotWaiting);
  await askProvider(deps, outcome.requestId, 'issue', 0);
  return statusOf(deps.db, outcome.requestId);
}

/** 财务 retries a failed (or long unanswered) submission with the same serial number. */
export async function retryInvoice(deps: InvoiceIssuing, actor: AuditActor, orderNo: string): Promise<IssuingStatus> {
  const requestId = await claimInvoiceRetry(deps.db, deps.clock, actor, orderNo);
  if (requestId === null) {
    if ((await findOrderByNo(deps.db, orderNo)) === null) throw notFound(MESSAGES.orderNotFound);
    throw conflict(MESSAGES.invoiceNotRetryable);
  }
  await askProvider(deps, requestId, 'issue', 0);
  return statusOf(deps.db, requestId);
}

/** Asks the provider (submit, or query what it holds) and records its answer. Never throws for the provider's sake. */
export async function askProvider(
  deps: InvoiceIssuing,
  requestId: number,
  mode: 'issue' | 'query',
  attempt: number,
): Promise<void> {
  const found = await submissionOf(deps.db, requestId, deps.line);
  if (!found || found.row.status !== 'issuing') return;
  const { row, submission } = found;
  const actor = gatewayActor(deps.provider.name);
  let result: InvoiceResult;
  try {
    result =
      mode === 'query' && row.providerSerial
        ? await deps.provider.query(submission, row.providerSerial)
        : await deps.provider.issue(submission);
  } catch (error) {
    if (!(error instanceof InvoiceProviderUnavailable)) throw error;
    await deps.db.transaction((tx) =>
      recordProviderAnswer(tx, deps.clock, actor, requestId, { providerSerial: null, error: error.message }),
    );
    return;
  }
  if (result.kind === 'failed') {
    await deps.db.transaction((tx) =>
      recordProviderAnswer(tx, deps.clock, actor, requestId, {
        providerSerial: result.providerSerial,
        error: `开票平台：${result.reason}`,
      }),
    );
    return;
  }
  if (result.kind === 'issued') {
    try {
      const pdf = await deps.provider.pdfOf(result.invoice, submission);
      const key = invoicePdfKeyOf(submission.serialNo);
      await deps.storage.put(key, pdf, { contentType: 'application/pdf' });
      const recorded = await deps.db.transaction((tx) =>
        recordIssuedInvoice(tx, deps.clock, actor, requestId, result.invoice, key),
      );
      // Its mail was queued in that transaction: sent now, not at the mail job's next minute.
      if (recorded) await sendQueuedMailNow(deps.jobs, deps.log);
      return;
    } catch (error) {
      // Issued there, its PDF not yet here: ask again later (the next answer is the same invoice).
      if (!(error instanceof InvoiceProviderUnavailable)) throw error;
    }
  } else if (row.providerSerial !== result.providerSerial || row.providerError !== null) {
    await deps.db.transaction((tx) =>
      recordProviderAnswer(tx, deps.clock, actor, requestId, { providerSerial: result.providerSerial, error: null }),
    );
  }
  if (attempt + 1 >= INVOICE_POLL_MAX_ATTEMPTS) {
    await deps.db.transaction((tx) =>
      recordProviderAnswer(tx, deps.clock, actor, requestId, { providerSerial: null, error: POLL_GAVE_UP }),
    );
    return;
  }
  await deps.jobs.enqueue<InvoicePollPayload>(
    INVOICE_POLL_JOB,
    { requestId, attempt: attempt + 1 },
    { ...INVOICE_POLL_POLICY, startAfterSeconds: deps.pollSeconds ?? INVOICE_POLL_SECONDS },
  );
}

/** The poll job: asks what became of a submission until its answer is final. */
export async function workInvoicePolls(jobs: JobQueue, deps: InvoiceIssuing): Promise<void> {
  await jobs.work<InvoicePollPayload>(
    INVOICE_POLL_JOB,
    (payload) => askProvider(deps, payload.requestId, 'query', payload.attempt),
    INVOICE_POLL_POLICY,
  );
}
