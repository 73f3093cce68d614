import { STUDENT_PAGE_NAMES } from '@yaoshi/contracts/site-names';

/** The student-area side menu of spec 01, in its order; `/` leads back home. */
export const STUDENT_MENU_WIDTH_PX = 220;

export const STUDENT_MENU = [
  { path: '/studentsNote', label: STUDENT_PAGE_NAMES.studentsNote },
  { path: '/myInfo', label: STUDENT_PAGE_NAMES.myInfo },
  { path: '/signStudy', label: STUDENT_PAGE_NAMES.signStudy },
  { path: '/myCourse', label: STUDENT_PAGE_NAMES.myCourse },
  { path: '/publicSignStudy', label: STUDENT_PAGE_NAMES.publicSignStudy },
  { path: '/publicCourse', label: STUDENT_PAGE_NAMES.publicCourse },
  { path: '/myCourseCopy', label: STUDENT_PAGE_NAMES.myCourseCopy },
  { path: '/examList', label: STUDENT_PAGE_NAMES.examList },
  { path: '/myOrder', label: STUDENT_PAGE_NAMES.myOrder },
  { path: '/agreement', label: STUDENT_PAGE_NAMES.agreement },
  { path: '/assessment', label: STUDENT_PAGE_NAMES.assessment },
  { path: '/', label: '返回首页' },
] as const;

export type StudentMenuPath = (typeof STUDENT_MENU)[number]['path'];
