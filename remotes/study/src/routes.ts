import type { RouteEntry } from '@yaoshi/contracts/release-manifest';
import { STUDENT_PAGE_NAMES } from '@yaoshi/contracts/site-names';

/**
 * This remote's pages, as the shell routes them (its route manifest, written into
 * `release-manifest.json` by the build). Titles and menu items are spec 02's.
 */
export const SECTION = '在线学习';

export const ROUTES: RouteEntry[] = [
  // Reached after login, but outside the student frame and without the login flag (spec 02 §2): a full-width camera page.
  // Drawn without antd (@yaoshi/ui's light parts), so a first visit does not download it.
  { path: '/faceCollection', area: 'public', exposed: 'FaceCollection', loginRequired: false, withoutAntd: true },
  {
    path: '/myCourse',
    area: 'student',
    title: STUDENT_PAGE_NAMES.myCourse,
    menuPath: '/myCourse',
    exposed: 'MyCourse',
    loginRequired: true,
  },
  {
    path: '/myCourseCopy',
    area: 'student',
    title: '补学教育',
    menuPath: '/myCourseCopy',
    exposed: 'MyCourseCopy',
    loginRequired: true,
  },
  {
    path: '/publicCourse',
    area: 'student',
    title: STUDENT_PAGE_NAMES.publicCourse,
    menuPath: '/publicCourse',
    exposed: 'PublicCourse',
    loginRequired: true,
  },
  {
    path: '/videoLearning',
    area: 'student',
    title: '课程学习',
    menuPath: '/myCourse',
    exposed: 'VideoLearning',
    loginRequired: true,
  },
  {
    path: '/publicVideoLearning',
    area: 'student',
    title: '公需课程学习',
    menuPath: '/publicCourse',
    exposed: 'PublicVideoLearning',
    loginRequired: true,
  },
  {
    path: '/examList',
    area: 'student',
    title: '课后练习',
    menuPath: '/examList',
    exposed: 'ExamList',
    loginRequired: true,
  },
  { path: '/exam', area: 'student', title: '课后练习', menuPath: '/examList', exposed: 'Exam', loginRequired: true },
  { path: '/mockExam', area: 'student', menuPath: '/examList', exposed: 'MockExam', loginRequired: false },
];
