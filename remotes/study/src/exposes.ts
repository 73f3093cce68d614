import { STUDENT_PAGE_NAMES } from '@yaoshi/contracts/site-names';

/** What this remote exposes: one module per route it owns, each a page component (default export). */
export const EXPOSES = {
  './MyCourse': './src/course-study/professional-study-page.tsx',
  './MyCourseCopy': './src/course-study/make-up-study-page.tsx',
  './PublicCourse': './src/course-study/public-study-page.tsx',
  './VideoLearning': './src/video-learning/professional-video-page.tsx',
  './PublicVideoLearning': './src/video-learning/public-video-page.tsx',
  './FaceCollection': './src/face-collection/face-collection-page.tsx',
  './ExamList': './src/exams/exam-list-page.tsx',
  './Exam': './src/exams/exam-page.tsx',
  './MockExam': './src/exams/mock-exam-page.tsx',
} as const;

/** The Chinese name of each exposed page, as the shell's route table knows it. */
export const PAGE_TITLES: Record<keyof typeof EXPOSES, string> = {
  './MyCourse': STUDENT_PAGE_NAMES.myCourse,
  './MyCourseCopy': '补学教育',
  './PublicCourse': STUDENT_PAGE_NAMES.publicCourse,
  './VideoLearning': '课程学习',
  './PublicVideoLearning': '公需课程学习',
  './FaceCollection': '人脸采集',
  './ExamList': '课后练习',
  './Exam': '在线练习',
  './MockExam': '模拟考试',
};
