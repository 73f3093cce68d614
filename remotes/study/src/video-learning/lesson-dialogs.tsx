import { lazy } from 'react';

/**
 * The lesson's dialogs (face check, quiz, rating) and its 学习完成 notice are antd's Modal,
 * Radio, Input and Alert, with the camera code: about 80 KB gzip that the page does not need
 * to show the lesson. They are fetched when playback first starts (`prefetchLessonDialogs`),
 * in the background, so that one due at the start opens without a wait, and at the latest
 * when one opens.
 */
const faceCheck = () => import('./face-check-dialog');
const quiz = () => import('./quiz-dialog');
const evaluation = () => import('../course-rating/evaluation-dialog');
const modal = () => import('antd/es/modal');

export const FaceCheckDialog = lazy(() => faceCheck().then((module) => ({ default: module.FaceCheckDialog })));
export const QuizDialog = lazy(() => quiz().then((module) => ({ default: module.QuizDialog })));
export const EvaluationDialog = lazy(() => evaluation().then((module) => ({ default: module.EvaluationDialog })));

/** What a lesson can open: its face checks, its quizzes, and its rating when it ends. */
export interface LessonDialogNeeds {
  faceChecks: boolean;
  quizzes: boolean;
  rating: boolean;
}

/** Starts the downloads a lesson's dialogs need (each module is fetched once, whoever asks first). */
export function prefetchLessonDialogs(needs: LessonDialogNeeds): void {
  const loads: Promise<unknown>[] = [modal()];
  if (needs.faceChecks) loads.push(faceCheck());
  if (needs.quizzes) loads.push(quiz());
  if (needs.rating) loads.push(evaluation());
  // A failed prefetch is tried again when the dialog opens.
  for (const load of loads) load.catch(() => undefined);
}

/** antd's information dialog (学习完成), with the site's antd context from the student frame. */
export async function showInfoDialog(options: { title: string; content: string; onOk: () => void }): Promise<void> {
  const { default: Modal } = await modal();
  Modal.info({ ...options, okText: '确定' });
}
