import { STUDENT_PAGE_NAMES } from '@yaoshi/contracts/site-names';
import type { EXPOSES } from './exposes';

/**
 * The Chinese name of each exposed page, as the shell's route table knows it; the pages
 * use it for their headings (a page never imports `exposes.ts`, the composition root).
 */
export const PAGE_TITLES: Record<keyof typeof EXPOSES, string> = {
  './MyCourse': STUDENT_PAGE_NAMES.myCourse,
  './MyCourseCopy': STUDENT_PAGE_NAMES.myCourseCopy,
  './PublicCourse': STUDENT_PAGE_NAMES.publicCourse,
  './VideoLearning': '课程学习',
  './PublicVideoLearning': '公需课程学习',
  './FaceCollection': '人脸采集',
  './ExamList': STUDENT_PAGE_NAMES.examList,
  './Exam': '在线练习',
  './MockExam': '模拟考试',
};
