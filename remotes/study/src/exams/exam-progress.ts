/**
 * spec 02 §3 "Stored in the browser: per-exam … current page": where the learner was in a
 * paper, so a reload (or coming back from the list) shows the same question. The answers
 * are not kept here any more: each is saved on the server as it is given (issue 16 item
 * 15) and comes back with the paper, so another browser resumes them too — the server's
 * record wins. Kept until the paper is submitted.
 */
export const EXAM_PROGRESS_KEY_PREFIX = 'exam-progress-';

export function examProgressKey(pid: number): string {
  return `${EXAM_PROGRESS_KEY_PREFIX}${pid}`;
}

/**
 * The stored page of a paper of `questionCount` questions (0-based), clamped to the paper;
 * undefined when nothing readable is stored (another browser, edited by hand). Reads the
 * older `{ answers, page }` format too, ignoring its answers.
 */
export function readExamPage(storage: Storage, pid: number, questionCount: number): number | undefined {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(examProgressKey(pid)) ?? 'null');
  } catch {
    return undefined;
  }
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { page } = stored as { page?: unknown };
  if (typeof page !== 'number' || !Number.isInteger(page)) return undefined;
  return Math.min(Math.max(page, 0), Math.max(0, questionCount - 1));
}

export function writeExamPage(storage: Storage, pid: number, page: number): void {
  try {
    storage.setItem(examProgressKey(pid), JSON.stringify({ page }));
  } catch {
    // Storage full or disabled: the paper still works, a reload starts at the first unanswered question.
  }
}

export function clearExamProgress(storage: Storage, pid: number): void {
  storage.removeItem(examProgressKey(pid));
}

/** The server's answers of a paper in progress: qid → answer ('2', '1,3'); unanswered questions are left out. */
export function savedAnswersOf(questions: readonly { qid: number; user_answer: string }[]): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const question of questions) if (question.user_answer !== '') answers[question.qid] = question.user_answer;
  return answers;
}

/** Where a paper opens: the stored page, else the first unanswered question (the last one when all are answered). */
export function openingPage(
  storedPage: number | undefined,
  questions: readonly { qid: number }[],
  answers: Readonly<Record<string, string>>,
): number {
  if (storedPage !== undefined) return storedPage;
  const firstUnanswered = questions.findIndex((question) => answers[question.qid] === undefined);
  return firstUnanswered === -1 ? Math.max(0, questions.length - 1) : firstUnanswered;
}

/** How many questions have no answer yet: what the submit confirmation tells the learner. */
export function unansweredCount(
  questions: readonly { qid: number }[],
  answers: Readonly<Record<string, string>>,
): number {
  return questions.filter((question) => answers[question.qid] === undefined).length;
}
