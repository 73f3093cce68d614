import type { REPORT_STATE } from '@yaoshi/contracts/study-rules';
import { STUDY_MESSAGES } from '@yaoshi/contracts/study-messages';

type ReportState = (typeof REPORT_STATE)[keyof typeof REPORT_STATE];

/** A progress report as it was produced: the playback position and state at that moment. */
export interface QueuedReport {
  position: number;
  state: ReportState;
}

/**
 * How many reports wait at most (an hour of professional play at one every 10 s). Past it
 * the oldest periodic report is dropped: each report carries an absolute position, so a
 * later one covers what an earlier one said.
 */
export const MAX_QUEUED_REPORTS = 360;

/** How long a report that got no answer waits before it is sent again (also on `online`). */
export const REPORT_RETRY_MS = 5_000;

/** Server codes that mean "not now" rather than a verdict: busy, shutting down, overloaded. */
const TRY_AGAIN_CODES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

/**
 * A failure that is no verdict on the report: no answer from the server (network down, a
 * laptop waking up, a proxy page), or a server saying "try again" (shutting down for a
 * release, overloaded, the learner's reports momentarily busy). The report is still owed
 * and is sent again, freshly signed. Any other answer (code ≠ 200) is a verdict and is
 * never retried.
 */
export function isRetryableFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const failure = error as { kind?: unknown; code?: unknown; message?: unknown };
  if (failure.kind === 'transport') return true;
  if (failure.kind !== 'server' || typeof failure.code !== 'number') return false;
  return TRY_AGAIN_CODES.has(failure.code) || (failure.code === 409 && failure.message === STUDY_MESSAGES.reportBusy);
}

export interface ReportQueueHandlers<T> {
  /** The server accepted the report; false drops the reports still waiting (the course is complete). */
  answered(answer: T, report: QueuedReport): boolean;
  /** The server refused the report; false drops the reports still waiting (recording stopped). */
  refused(error: unknown, report: QueuedReport): boolean;
  /** A report got no answer (or "try again"): it stays first in line until the next `drain`. */
  unanswered(): void;
  /** The reports waiting changed (to keep them across a reload). */
  changed?(pending: readonly QueuedReport[]): void;
}

/**
 * The lesson page's progress reports, sent one at a time in the order they were produced
 * (issue 16 item 18). A report that gets no answer stays queued and is sent again, before
 * any later one, so an honest learner whose network drops loses nothing: the server judges
 * each late report against the wall time not yet credited to the session.
 */
export class ReportQueue<T> {
  private pending: QueuedReport[] = [];
  private draining: Promise<void> | null = null;

  constructor(
    private readonly send: (report: QueuedReport) => Promise<T>,
    private readonly handlers: ReportQueueHandlers<T>,
  ) {}

  get size(): number {
    return this.pending.length;
  }

  /** The position of the newest report waiting, or null. */
  get lastQueuedPosition(): number | null {
    return this.pending.at(-1)?.position ?? null;
  }

  enqueue(report: QueuedReport): void {
    if (this.pending.length >= MAX_QUEUED_REPORTS) {
      const oldestPeriodic = this.pending.findIndex((queued) => queued.state !== 2);
      this.pending.splice(oldestPeriodic >= 0 ? oldestPeriodic : 0, 1);
    }
    this.pending.push(report);
    this.handlers.changed?.(this.pending);
  }

  /** Sends what waits, in order; resolves when the queue is empty or a report got no answer. */
  drain(): Promise<void> {
    if (this.draining) return this.draining;
    this.draining = (async () => {
      try {
        while (this.pending.length > 0) {
          const next = this.pending[0]!;
          let keepGoing: boolean;
          try {
            const answer = await this.send(next);
            this.pending.shift();
            this.handlers.changed?.(this.pending);
            keepGoing = this.handlers.answered(answer, next);
          } catch (error) {
            if (isRetryableFailure(error)) {
              this.handlers.unanswered();
              return;
            }
            this.pending.shift();
            this.handlers.changed?.(this.pending);
            keepGoing = this.handlers.refused(error, next);
          }
          if (!keepGoing) {
            this.pending = [];
            this.handlers.changed?.(this.pending);
          }
        }
      } finally {
        this.draining = null;
      }
    })();
    return this.draining;
  }
}

/**
 * The furthest point played continuously from `from`, by the media element's own record of
 * what it played (`played` time ranges), not by counting timer ticks: a background tab's
 * throttled timers and events leave gaps between ticks, but not in what the video played.
 * Ranges that start within `slack` of the reach so far extend it.
 */
export function furthestPlayedFrom(ranges: readonly (readonly [number, number])[], from: number, slack = 1): number {
  let reach = from;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start <= reach + slack) reach = Math.max(reach, end);
  }
  return reach;
}
