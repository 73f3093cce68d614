import type { PublicRecordRequest, RecordsRequest } from '@yaoshi/contracts/study';
import { REPORT_STATE } from '@yaoshi/contracts/study-rules';
import type { QueuedReport } from './report-queue';

/** A professional course's lesson (/videoLearning) or a public one (/publicVideoLearning). */
export type LessonKind = 'professional' | 'public';

/** What a lesson's progress report needs besides the position and state. */
export interface ReportContext {
  kind: LessonKind;
  cid: number;
  recordId: number;
  duration: number;
  /** The verified point the page started from (`start_time`). */
  startTime: number;
  trial: boolean;
}

/** The request of one report: `records` (professional) or `public_courses_recordProgress`. */
export type ReportRequest =
  { kind: 'professional'; payload: RecordsRequest } | { kind: 'public'; payload: PublicRecordRequest };

export function reportRequestOf(context: ReportContext, report: QueuedReport): ReportRequest {
  const pos = Math.min(report.position, context.duration);
  if (context.kind === 'public') {
    return {
      kind: 'public',
      payload: {
        record_id: context.recordId,
        duration: pos,
        total_duration: context.duration,
        state: report.state,
        ...(report.state === REPORT_STATE.ended ? { pos } : {}),
      },
    };
  }
  return {
    kind: 'professional',
    payload: {
      cid: context.cid,
      record_id: context.recordId,
      pos,
      vlength: context.duration,
      start_time: context.startTime,
      state: report.state,
      flag: context.trial ? 1 : 0,
    },
  };
}

/**
 * Reports still waiting when the page goes away (a reload, a tab the browser discarded while
 * the laptop slept) are kept in sessionStorage, and the next load of the lesson sends them
 * before it opens the lesson again: opening continues the session from the verified point,
 * after which they could no longer be judged.
 */
export interface StoredReports {
  context: ReportContext;
  reports: QueuedReport[];
}

export function storedReportsKey(kind: ReportContext['kind'], cid: number): string {
  return `lessonReports:${kind}:${cid}`;
}

function isQueuedReport(value: unknown): value is QueuedReport {
  const report = value as QueuedReport | null;
  return (
    typeof report === 'object' &&
    report !== null &&
    typeof report.position === 'number' &&
    [1, 2].includes(report.state)
  );
}

export function readStoredReports(storage: Storage, kind: ReportContext['kind'], cid: number): StoredReports | null {
  try {
    const value = JSON.parse(storage.getItem(storedReportsKey(kind, cid)) ?? 'null') as StoredReports | null;
    if (!value || value.context?.kind !== kind || value.context.cid !== cid || !Array.isArray(value.reports))
      return null;
    const reports = value.reports.filter(isQueuedReport);
    return reports.length > 0 ? { context: value.context, reports } : null;
  } catch {
    return null;
  }
}

export function writeStoredReports(storage: Storage, context: ReportContext, reports: readonly QueuedReport[]): void {
  const key = storedReportsKey(context.kind, context.cid);
  try {
    if (reports.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify({ context, reports }));
  } catch {
    // Storage full or refused: the reports still wait in memory.
  }
}
