/** The student-area side menu of spec 01, in its order; `/` leads back home. */
export const STUDENT_MENU_WIDTH_PX = 220;

export const STUDENT_MENU = [
  { path: '/studentsNote', label: '学员须知' },
  { path: '/myInfo', label: '我的信息' },
  { path: '/signStudy', label: '专业课选课' },
  { path: '/myCourse', label: '专业课学习' },
  { path: '/publicSignStudy', label: '公需课选课' },
  { path: '/publicCourse', label: '公需课学习' },
  { path: '/myCourseCopy', label: '补学教育' },
  { path: '/examList', label: '课后练习' },
  { path: '/myOrder', label: '我的订单' },
  { path: '/agreement', label: '服务协议' },
  { path: '/assessment', label: '药师考核' },
  { path: '/', label: '返回首页' },
] as const;

export type StudentMenuPath = (typeof STUDENT_MENU)[number]['path'];
