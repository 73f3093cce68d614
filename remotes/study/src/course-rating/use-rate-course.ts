import { useCallback } from 'react';
import { STUDY_MESSAGES as M } from '@yaoshi/contracts/study-messages';
import { showMessage } from '@yaoshi/ui/show-message';
import { useEvaluateCourseMutation } from './rating-api';

/**
 * Rating a finished course, as the lists and the lesson page offer it: sends the grade and
 * comment, says 评价成功, and answers true once saved (false when refused: the error
 * catalogue has shown the server's message).
 */
export function useRateCourse(kind: 'professional' | 'public' | 'make-up'): {
  rate: (courseId: number, grade: number, comment: string) => Promise<boolean>;
  submitting: boolean;
} {
  const [evaluate, state] = useEvaluateCourseMutation();
  const rate = useCallback(
    (courseId: number, grade: number, comment: string) =>
      evaluate({ course_id: courseId, stu_grade: grade, stu_commont: comment, type: kind === 'public' ? 1 : 0 })
        .unwrap()
        .then(() => {
          showMessage(M.evaluationSaved);
          return true;
        })
        .catch(() => false),
    [evaluate, kind],
  );
  return { rate, submitting: state.isLoading };
}
