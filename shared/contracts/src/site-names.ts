/**
 * The names learners see for the things of the student area, written once and used by the
 * shell's menu and page titles, the remotes, the server and the seeded texts, so the menu,
 * the student notice and every page call a thing by the same name (spec 01 §2 student-area
 * menu, spec 02 §2 page titles).
 */

/** The two kinds of course: professional-subject and public-requirement. */
export const COURSE_KIND_NAMES = { professional: '专业课', public: '公需课' } as const;

/** The student-area pages by route, as the side menu and the page titles name them. */
export const STUDENT_PAGE_NAMES = {
  studentsNote: '学员须知',
  myInfo: '我的信息',
  signStudy: `${COURSE_KIND_NAMES.professional}选课`,
  myCourse: `${COURSE_KIND_NAMES.professional}学习`,
  publicSignStudy: `${COURSE_KIND_NAMES.public}选课`,
  publicCourse: `${COURSE_KIND_NAMES.public}学习`,
  myCourseCopy: '补学教育',
  examList: '课后练习',
  myOrder: '我的订单',
  pay: '订单支付',
} as const;
