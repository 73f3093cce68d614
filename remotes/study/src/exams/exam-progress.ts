/**
 * spec 02 §3 "Stored in the browser: per-exam selected answers and current page": what the
 * learner chose and where they were, so a reload (or coming back from the list) resumes
 * the paper. Kept until the paper is submitted.
 */
export interface ExamProgress {
  /** qid → answer as the API writes it ('2', '1,3'). */
  answers: Record<string, string>;
  /** The carousel page (0-based). */
  page: number;
}

export const EXAM_PROGRESS_KEY_PREFIX = 'exam-progress-';

export function examProgressKey(pid: number): string {
  return `${EXAM_PROGRESS_KEY_PREFIX}${pid}`;
}

const EMPTY: ExamProgress = { answers: {}, page: 0 };

/**
 * The stored progress of a paper, keeping only answers to its questions and a page within
 * it; anything unreadable (edited by hand, an older format) counts as no progress.
 */
export function readExamProgress(storage: Storage, pid: number, qids: readonly number[]): ExamProgress {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(examProgressKey(pid)) ?? 'null');
  } catch {
    return EMPTY;
  }
  if (typeof stored !== 'object' || stored === null) return EMPTY;
  const { answers, page } = stored as { answers?: unknown; page?: unknown };
  const known = new Set(qids.map(String));
  const kept: Record<string, string> = {};
  if (typeof answers === 'object' && answers !== null) {
    for (const [qid, answer] of Object.entries(answers)) if (known.has(qid) && typeof answer === 'string' && answer !== '') kept[qid] = answer;
  }
  const lastPage = Math.max(0, qids.length - 1);
  const safePage = typeof page === 'number' && Number.isInteger(page) ? Math.min(Math.max(page, 0), lastPage) : 0;
  return { answers: kept, page: safePage };
}

export function writeExamProgress(storage: Storage, pid: number, progress: ExamProgress): void {
  try {
    storage.setItem(examProgressKey(pid), JSON.stringify(progress));
  } catch {
    // Storage full or disabled: the paper still works, only a reload would lose the answers.
  }
}

export function clearExamProgress(storage: Storage, pid: number): void {
  storage.removeItem(examProgressKey(pid));
}
