import type { FastifyBaseLogger } from 'fastify';
import { jobActor } from '../audit/audit-log';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { JobQueue, RetryPolicy } from '../jobs/job-queue';
import type { Storage } from '../storage/storage';
import { deleteUnattachedContentFiles } from '../content-admin/unattached-files-retention';
import { expireLessonUploads, LESSON_UPLOAD_RETENTION_JOB } from '../course-admin/stale-upload-retention';
import { purgeLessonCheckPhotos } from '../face-review/face-check-retention';
import { reconcileYesterdayOnce } from '../payment/bill-reconciliation';
import { sweepOrphanedTranscodes } from '../video-transcode/lesson-transcodes';
import { deleteExpiredExports, sweepOrphanedExports } from '../reports/report-exports';
import { type PaymentContext } from '../payment/payments';
import { reconcilePendingAttempts, settleExpiredOrders } from '../payment/order-settlement';
import type { MailTransport } from '../mail/mail-transport';
import { MAIL_SEND_JOB } from '../mail/mail-queue';
import { sendDueMails } from '../mail/mail-sending';
import { MAIL_BOUNCES_JOB, readBounces } from '../mail/mail-bounces';
import { invoiceMailAttachments } from '../invoices/invoice-mail-attachment';
import { REMINDERS_SEND_JOB, sendReminderRound } from '../reminders/reminder-campaigns';
import { reminderSendingOf } from '../reminders/reminder-sending';
import { queueStaffDigests, STAFF_DIGEST_JOB } from '../staff-digest/staff-digest';

/**
 * The timed work of the product (issue 21), as scheduled jobs on the one queue instead of
 * timers in the web process: each runs once per period on one server, and a run that fails
 * or whose server dies is retried. Each handler is a plain service function of its feature,
 * tested there; this file only says how often and how stubbornly.
 */
export interface TimedJobDeps {
  db: Database;
  clock: Clock;
  config: Config;
  payments: PaymentContext;
  /** Where the files the retention jobs delete live (the local folder or the bucket). */
  storage: Storage;
  /** Where mail goes (SMTP or the development outbox). */
  mail: MailTransport;
  log: FastifyBaseLogger;
}

/** What a timed job is given: the deps, and the queue it runs on (for a sweep that enqueues). */
export type TimedJobContext = TimedJobDeps & { queue: Pick<JobQueue, 'enqueue' | 'unfinished'> };

export interface TimedJob {
  /** The queue's name (letters, digits, hyphens). */
  name: string;
  periodSeconds: number;
  policy: Partial<RetryPolicy>;
  run(context: TimedJobContext): Promise<void>;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const TIMED_JOBS: readonly TimedJob[] = [
  {
    // Queued mail (invoices, refund results, digests, reminders) whose time has come; each
    // mail's own retries are on its row (mail/mail-sending.ts). Also enqueued right after a
    // request queues a mail, so it leaves at once.
    name: MAIL_SEND_JOB,
    periodSeconds: MINUTE,
    policy: { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: false, expireInSeconds: 15 * MINUTE },
    async run({ db, clock, mail, storage, log }) {
      const run = await sendDueMails({
        db,
        clock,
        transport: mail,
        attachmentsOf: invoiceMailAttachments(db, storage),
      });
      if (run.retrying + run.failed > 0) log.warn(run, 'mail not accepted by the mail server');
    },
  },
  {
    // Late bounces (DSNs) in the site's mailbox over IMAP, each recorded on its mail and moved
    // to 已处理退信 (mail/mail-bounces.ts). Off without BOUNCE_IMAP_URL.
    name: MAIL_BOUNCES_JOB,
    periodSeconds: 5 * MINUTE,
    policy: { retryLimit: 1, retryDelaySeconds: MINUTE, retryBackoff: false, expireInSeconds: 10 * MINUTE },
    async run({ db, clock, config, log }) {
      if (config.bounceImapUrl === undefined) return;
      const run = await readBounces({ db, clock, secret: config.mediaUrlSecret, bounceImapUrl: config.bounceImapUrl });
      if (run.read > 0) log.info(run, 'mail bounces read');
    },
  },
  {
    // 每日待办 to the staff who asked for it: once a day (the day's slot starts 08:00 Beijing).
    name: STAFF_DIGEST_JOB,
    periodSeconds: DAY,
    policy: { retryLimit: 3, retryDelaySeconds: 5 * MINUTE, retryBackoff: true, expireInSeconds: 30 * MINUTE },
    async run({ db, clock, log }) {
      const queued = await queueStaffDigests(db, clock);
      if (queued > 0) log.info({ queued }, 'staff digests queued');
    },
  },
  {
    // Year-end reminder campaigns: each minute, at most REMINDERS_PER_MINUTE of each campaign
    // (the providers' limits); a run that fails is retried, a learner is never sent twice.
    name: REMINDERS_SEND_JOB,
    periodSeconds: MINUTE,
    policy: { retryLimit: 1, retryDelaySeconds: 10, retryBackoff: false, expireInSeconds: 10 * MINUTE },
    async run({ db, clock, config, mail, log }) {
      const sent = await sendReminderRound(reminderSendingOf(config, db, clock, mail));
      if (sent > 0) log.info({ sent }, 'year-end reminders sent');
    },
  },
  {
    // Unpaid orders past their deadline are closed (they are also closed whenever read or
    // paid); payment attempts the gateway never confirmed are asked about.
    name: 'orders-expire',
    periodSeconds: MINUTE,
    // The next period comes soon: a short retry, and a run that hangs is given up quickly.
    policy: { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: false, expireInSeconds: 5 * MINUTE },
    async run({ payments }) {
      await settleExpiredOrders(payments);
      await reconcilePendingAttempts(payments);
    },
  },
  {
    // Yesterday's gateway bills, reconciled once (gateways publish them in the morning).
    name: 'payments-reconcile-bills',
    periodSeconds: HOUR,
    policy: { retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 30 * MINUTE },
    async run({ payments }) {
      await reconcileYesterdayOnce(payments, jobActor('payments-reconcile-bills'));
    },
  },
  {
    // Lesson face-check photos past FACE_CHECK_RETENTION_DAYS (issue 18, PIPL).
    name: 'retention-face-checks',
    periodSeconds: DAY,
    policy: { retryLimit: 3, retryDelaySeconds: 5 * MINUTE, retryBackoff: true, expireInSeconds: HOUR },
    async run({ db, clock, config, storage, log }) {
      const deleted = await purgeLessonCheckPhotos(db, clock, storage, config.faceCheckRetentionDays);
      if (deleted > 0)
        log.info({ deleted, days: config.faceCheckRetentionDays }, 'lesson face-check photos past retention deleted');
    },
  },
  {
    // Staff uploads (content images and attachments) nothing refers to, after a day.
    name: 'retention-content-uploads',
    periodSeconds: HOUR,
    policy: { retryLimit: 3, retryDelaySeconds: 5 * MINUTE, retryBackoff: true, expireInSeconds: 30 * MINUTE },
    async run({ db, clock, storage, log }) {
      const deleted = await deleteUnattachedContentFiles(db, clock, storage);
      if (deleted.length > 0) log.info({ deleted }, 'content uploads never used deleted');
    },
  },
  {
    // Lesson-video uploads idle for a day (interrupted, or finished and never made a lesson).
    // In a bucket, @tus/s3-store's objects at its root, by their own (longer) age rule.
    name: LESSON_UPLOAD_RETENTION_JOB,
    periodSeconds: HOUR,
    policy: { retryLimit: 3, retryDelaySeconds: 5 * MINUTE, retryBackoff: true, expireInSeconds: 30 * MINUTE },
    async run({ db, clock, config, storage, log }) {
      const deleted = await expireLessonUploads({ db, clock, config, storage });
      if (deleted.length > 0) log.info({ deleted }, 'idle lesson-video uploads deleted');
    },
  },
  {
    // A lesson video whose transcode lost its job (its server died between the lesson's
    // commit and the enqueue, or mid-way on its last attempt) is queued again or failed.
    name: 'transcodes-sweep',
    periodSeconds: 5 * MINUTE,
    policy: { retryLimit: 2, retryDelaySeconds: 30, retryBackoff: false, expireInSeconds: 5 * MINUTE },
    async run({ db, clock, queue, log }) {
      const swept = await sweepOrphanedTranscodes(db, clock, queue);
      if (swept.offered + swept.failed > 0) log.warn(swept, 'lesson-video transcodes without a job swept');
    },
  },
  {
    // The same for 统计报表's exports.
    name: 'report-exports-sweep',
    periodSeconds: 5 * MINUTE,
    policy: { retryLimit: 2, retryDelaySeconds: 30, retryBackoff: false, expireInSeconds: 5 * MINUTE },
    async run({ db, clock, queue, log }) {
      const swept = await sweepOrphanedExports(db, clock, queue);
      if (swept.offered + swept.failed > 0) log.warn(swept, 'report exports without a job swept');
    },
  },
  {
    // Export files carry learners' ID numbers: deleted after REPORT_EXPORT_KEEP_DAYS days.
    name: 'retention-report-exports',
    periodSeconds: HOUR,
    policy: { retryLimit: 3, retryDelaySeconds: 5 * MINUTE, retryBackoff: true, expireInSeconds: 30 * MINUTE },
    async run({ db, clock, storage, log }) {
      const deleted = await deleteExpiredExports(db, clock, storage);
      if (deleted > 0) log.info({ deleted }, 'report export files past retention deleted');
    },
  },
];

/**
 * Registers every timed job's handler on `queue` and, when `schedule` is set (a running
 * server; tests move the clock and call the services themselves), its schedule.
 */
export async function startTimedJobs(
  queue: JobQueue,
  deps: TimedJobDeps,
  options: { schedule: boolean; jobs?: readonly TimedJob[] },
): Promise<void> {
  for (const job of options.jobs ?? TIMED_JOBS) {
    await queue.work(
      job.name,
      async (_payload, attempt) => {
        try {
          await job.run({ ...deps, queue });
        } catch (error) {
          deps.log.warn({ err: error, job: job.name, attempt: attempt.attempt }, 'timed job failed; it is retried');
          throw error;
        }
      },
      job.policy,
    );
    if (options.schedule) await queue.schedule(job.name, job.periodSeconds);
  }
}
