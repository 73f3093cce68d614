import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import {
  REPORT_EXPORTS_LISTED,
  REPORT_EXPORT_KEEP_DAYS,
  REPORT_EXPORT_MESSAGES as M,
  REPORT_EXPORT_STATUS_LABELS,
  REPORT_KIND_LABELS,
  type ReportExport,
  type ReportKind,
} from '@yaoshi/contracts/reports';
import type { Audit } from '../audit/audit-log';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { conflict, notFound } from '../envelope/api-error';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import type { JobContext, JobQueue, RetryPolicy } from '../jobs/job-queue';
import { ORPHANED_AFTER_SECONDS, sweepOrphans } from '../jobs/orphaned-jobs';
import type { Storage } from '../storage/storage';
import { completedWorkbook, summaryWorkbook, workbookName, type Workbook } from './report-export';
import { reportExports } from './report-exports-schema';
import { chooseYear, completedLearners, yearReport } from './report-queries';

/**
 * 统计报表's exports as a background job (issue 21). A province's completed list has tens of
 * thousands of learners: making that workbook inside the request would hold a web server's
 * CPU and the staff member's browser for as long. So the POST records the export (排队中,
 * audited: it carries personal data out) and answers at once; the `report-export` job makes
 * the workbook on one server of the cluster and keeps it in storage under `exports/` (private:
 * never served without a signature, nor by the bucket's public policy); the console follows
 * the list and downloads the file when it is 已完成. Files are deleted after
 * REPORT_EXPORT_KEEP_DAYS days.
 */
export const REPORT_EXPORT_JOB = 'report-export';

const MINUTE = 60;
export const REPORT_EXPORT_POLICY: Partial<RetryPolicy> = {
  retryLimit: 2,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 30 * MINUTE,
};

/** Where export files live in storage (a private folder, see media/private-media.ts). */
export const REPORT_EXPORT_FOLDER = 'exports';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReportExportPayload {
  exportId: number;
}

type ExportRow = typeof reportExports.$inferSelect;

function exportView(row: ExportRow): ReportExport {
  return {
    export_id: row.id,
    year: row.year,
    report: row.report,
    report_text: REPORT_KIND_LABELS[row.report],
    status: row.status,
    status_text: REPORT_EXPORT_STATUS_LABELS[row.status],
    reason: row.failureReason ?? '',
    file_name: row.fileName,
    rows: row.rows,
    requested_by: row.requestedBy,
    created_at: formatBeijingTime(row.createdAt),
    finished_at: row.finishedAt ? formatBeijingTime(row.finishedAt) : '',
    downloadable: row.status === 'done' && row.fileKey !== null,
  };
}

/**
 * An export of `report` for `year`, 排队中, audited, in the caller's transaction; enqueue it
 * after the commit (`offerExport`). An unknown year is refused here (404), not by the job.
 */
export async function requestExport(
  tx: Database,
  clock: Clock,
  audit: Audit,
  requestedBy: string,
  year: number,
  report: ReportKind,
): Promise<ReportExport> {
  await chooseYear(tx, year, clock.now());
  const now = clock.now();
  const [row] = await tx
    .insert(reportExports)
    .values({
      year,
      report,
      status: 'queued',
      requestedBy,
      fileName: workbookName(year, report),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await audit({
    action: 'report.export',
    target: `${year}年度${REPORT_KIND_LABELS[report]}`,
    after: { year, report, file: row!.fileName, export_id: row!.id },
  });
  return exportView(row!);
}

export async function offerExport(jobs: Pick<JobQueue, 'enqueue'>, exportId: number): Promise<void> {
  await jobs.enqueue<ReportExportPayload>(REPORT_EXPORT_JOB, { exportId }, REPORT_EXPORT_POLICY);
}

/** The newest exports, every staff member's (all of them may read the reports). */
export async function listExports(db: Database): Promise<ReportExport[]> {
  const rows = await db
    .select()
    .from(reportExports)
    .orderBy(desc(reportExports.createdAt), desc(reportExports.id))
    .limit(REPORT_EXPORTS_LISTED);
  return rows.map(exportView);
}

/** A finished export's file, for the console to save. */
export async function exportFile(
  db: Database,
  storage: Pick<Storage, 'get'>,
  exportId: number,
): Promise<{ file_name: string; xlsx_base64: string }> {
  const [row] = await db.select().from(reportExports).where(eq(reportExports.id, exportId));
  if (!row) throw notFound(M.unknown);
  if (row.status !== 'done') throw conflict(M.notReady);
  const stream = row.fileKey ? await storage.get(row.fileKey) : null;
  if (!stream) throw conflict(M.expired);
  return { file_name: row.fileName, xlsx_base64: (await buffer(stream)).toString('base64') };
}

export interface ReportExportDeps {
  db: Database;
  clock: Clock;
  storage: Pick<Storage, 'put'>;
  log: FastifyBaseLogger;
  policy?: Partial<RetryPolicy>;
}

async function workbookOf(db: Database, row: ExportRow, now: Date): Promise<Workbook> {
  return row.report === 'summary'
    ? summaryWorkbook(await yearReport(db, row.year, now))
    : completedWorkbook(row.year, await completedLearners(db, row.year));
}

/** The job: claims the export, makes the workbook, stores it, marks it 已完成. */
export async function runExport(deps: ReportExportDeps, payload: ReportExportPayload, job: JobContext): Promise<void> {
  const { db, clock } = deps;
  const [row] = await db
    .update(reportExports)
    .set({
      status: 'running',
      attempts: sql`${reportExports.attempts} + 1`,
      updatedAt: clock.now(),
    })
    .where(and(eq(reportExports.id, payload.exportId), inArray(reportExports.status, ['queued', 'running'])))
    .returning();
  if (!row) return;
  const stillRunning = and(eq(reportExports.id, row.id), eq(reportExports.status, 'running'));
  try {
    const workbook = await workbookOf(db, row, clock.now());
    const key = `${REPORT_EXPORT_FOLDER}/reports/${row.id}-${randomBytes(8).toString('hex')}.xlsx`;
    // Stored with the .xlsx type by its extension (MEDIA_TYPES).
    await deps.storage.put(key, workbook.content);
    await db
      .update(reportExports)
      .set({ status: 'done', fileKey: key, rows: workbook.rows, finishedAt: clock.now(), updatedAt: clock.now() })
      .where(stillRunning);
  } catch (error) {
    const retryLimit = deps.policy?.retryLimit ?? REPORT_EXPORT_POLICY.retryLimit ?? 0;
    if (job.attempt > retryLimit) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(reportExports)
        .set({
          status: 'failed',
          failureReason: `生成失败，已尝试 ${job.attempt} 次：${message}`,
          finishedAt: clock.now(),
          updatedAt: clock.now(),
        })
        .where(stillRunning)
        .catch(() => undefined);
    }
    throw error;
  }
}

export async function workExports(jobs: JobQueue, deps: ReportExportDeps): Promise<void> {
  const policy = deps.policy ?? REPORT_EXPORT_POLICY;
  await jobs.work<ReportExportPayload>(
    REPORT_EXPORT_JOB,
    (payload, job) => runExport({ ...deps, policy }, payload, job),
    policy,
  );
}

/**
 * Retention (a timed job): export files older than REPORT_EXPORT_KEEP_DAYS days are deleted
 * (the record stays, 已过期 for download). Answers how many files it deleted.
 */
export async function deleteExpiredExports(
  db: Database,
  clock: Clock,
  storage: Pick<Storage, 'delete'>,
): Promise<number> {
  const cutoff = new Date(clock.nowMs() - REPORT_EXPORT_KEEP_DAYS * DAY_MS);
  const old = await db
    .select({ id: reportExports.id, fileKey: reportExports.fileKey })
    .from(reportExports)
    .where(and(isNotNull(reportExports.fileKey), lt(reportExports.finishedAt, cutoff)));
  for (const row of old) {
    await storage.delete(row.fileKey!);
    await db.update(reportExports).set({ fileKey: null, updatedAt: clock.now() }).where(eq(reportExports.id, row.id));
  }
  return old.length;
}

/** The sweep for exports that lost their job (jobs/orphaned-jobs.ts). */
export async function sweepOrphanedExports(
  db: Database,
  clock: Clock,
  jobs: Pick<JobQueue, 'enqueue' | 'unfinished'>,
): Promise<{ offered: number; failed: number }> {
  const alive = new Set(
    (await jobs.unfinished<ReportExportPayload>(REPORT_EXPORT_JOB)).map((job) => String(job.exportId)),
  );
  const before = new Date(clock.nowMs() - ORPHANED_AFTER_SECONDS * 1000);
  const stale = await db
    .select()
    .from(reportExports)
    .where(and(inArray(reportExports.status, ['queued', 'running']), lt(reportExports.updatedAt, before)));
  return sweepOrphans({
    alive,
    stale,
    keyOf: (row) => String(row.id),
    waitingStatus: 'queued',
    offer: (row) => offerExport(jobs, row.id),
    async fail(row) {
      const marked = await db
        .update(reportExports)
        .set({
          status: 'failed',
          failureReason: M.interrupted,
          finishedAt: clock.now(),
          updatedAt: clock.now(),
        })
        .where(
          and(eq(reportExports.id, row.id), eq(reportExports.status, 'running'), lt(reportExports.updatedAt, before)),
        )
        .returning({ id: reportExports.id });
      return marked.length > 0;
    },
  });
}
