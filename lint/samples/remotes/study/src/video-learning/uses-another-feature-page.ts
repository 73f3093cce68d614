// expect: import/no-restricted-paths
import { ExamPage } from '../exams/exam-page';

export const page = ExamPage;
