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
