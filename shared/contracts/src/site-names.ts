/**
 * The names learners see for the things of the student area, written once and used by the
 * shell's menu and page titles, the remotes, the server and the seeded texts, so the menu,
 * the student notice and every page call a thing by the same name (spec 01 §2 student-area
 * menu, spec 02 §2 page titles).
 */

/**
 * The two kinds of course: professional-subject and public-requirement. Spec 01's menu
 * names them 专业课 and 公需课 (professional course selection, public-requirement course
 * selection); the exam tabs, the selection rules' messages, the server's sign-up message and
 * the seeded texts say the same (issue 16 item 13), never 专业科目 / 公需科目.
 */
export const COURSE_KIND_NAMES = { professional: '专业课', public: '公需课' } as const;

/**
 * The learner agreement and privacy policy, one document with one name: the login box asks
 * the visitor to tick 《个人信息与隐私政策》 (spec 01 §5: 'please tick the personal
 * information and privacy policy first'), so the menu, the /agreement page's title and
 * heading, the login box's dialog and the document's own heading call it that too.
 */
export const AGREEMENT_NAME = '个人信息与隐私政策';

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
  agreement: AGREEMENT_NAME,
  assessment: '药师考核',
} as const;
