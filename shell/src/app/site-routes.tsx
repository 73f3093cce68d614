import { lazy, type ComponentType } from 'react';
import type { RemoteKey } from '../federation/remote-catalog';
import type { StudentMenuPath } from '../student-area/student-menu';
import { STUDENT_PAGE_NAMES } from '@yaoshi/contracts/site-names';

/**
 * Every route of spec 01 and spec 02, with who renders it (DESIGN.md's table), where it
 * sits (public site, or the student-area frame) and its document title (spec 02).
 */
export type PageSource =
  { kind: 'shell'; Page: ComponentType } | { kind: 'remote'; remote: RemoteKey; exposed: string };

export interface SiteRoute {
  path: string;
  area: 'public' | 'student';
  source: PageSource;
  /** Document title before the association's name; absent = the name alone. */
  title?: string;
  /** The side-menu item lit on this route (spec 01: "the route's meta active value"). */
  menuPath?: StudentMenuPath;
  /**
   * The page renders no antd component (the public pages of public-content, where most
   * visits start), so the shell does not wrap it in antd's context and the page goes without
   * antd's engine (ConfigProvider, cssinjs, theme: ≈ 45 KB gzip, and its components'
   * chunks). An antd part it opens later brings the context itself (`inSiteAntdScope`).
   */
  withoutAntd?: true;
}

// Account pages with forms or sanitized HTML load on demand, not with the home page.
const MyInfoPage = lazy(() => import('../my-info/my-info-page').then((m) => ({ default: m.MyInfoPage })));
const StudentsNotePage = lazy(() =>
  import('../students-note/students-note-page').then((m) => ({ default: m.StudentsNotePage })),
);
const AssessmentPage = lazy(() => import('../assessment/assessment-page').then((m) => ({ default: m.AssessmentPage })));
const OnlineTeachingPage = lazy(() =>
  import('../online-teaching/online-teaching-page').then((m) => ({ default: m.OnlineTeachingPage })),
);
const AgreementPage = lazy(() => import('../agreement/agreement-page').then((m) => ({ default: m.AgreementPage })));

const remote = (key: RemoteKey, exposed: string): PageSource => ({ kind: 'remote', remote: key, exposed });
const shell = (Page: ComponentType): PageSource => ({ kind: 'shell', Page });

export const SITE_ROUTES: readonly SiteRoute[] = [
  // Public site (remote public-content): plain markup, no antd
  { path: '/', area: 'public', source: remote('public-content', 'Home'), withoutAntd: true },
  { path: '/newsList', area: 'public', source: remote('public-content', 'NewsList'), withoutAntd: true },
  {
    path: '/associationNewsDetail',
    area: 'public',
    source: remote('public-content', 'AssociationNewsDetail'),
    withoutAntd: true,
  },
  { path: '/newDetail', area: 'public', source: remote('public-content', 'NewDetail'), withoutAntd: true },
  {
    path: '/associationIntroduce',
    area: 'public',
    source: remote('public-content', 'AssociationIntroduce'),
    withoutAntd: true,
  },
  { path: '/contactUs', area: 'public', source: remote('public-content', 'ContactUs'), withoutAntd: true },
  { path: '/notice', area: 'public', source: remote('public-content', 'Notice'), withoutAntd: true },
  { path: '/downloadApp', area: 'public', source: remote('public-content', 'DownloadApp'), withoutAntd: true },
  // Reached after login, but outside the student frame: a full-width camera page.
  { path: '/faceCollection', area: 'public', source: remote('study', 'FaceCollection') },

  // Account frame pages the shell keeps
  {
    path: '/studentsNote',
    area: 'student',
    title: '学员须知',
    menuPath: '/studentsNote',
    source: shell(StudentsNotePage),
  },
  { path: '/myInfo', area: 'student', title: '个人信息', menuPath: '/myInfo', source: shell(MyInfoPage) },
  {
    path: '/agreement',
    area: 'student',
    title: '协议与隐私政策',
    menuPath: '/agreement',
    source: shell(AgreementPage),
  },
  { path: '/assessment', area: 'student', title: '药师考核', menuPath: '/assessment', source: shell(AssessmentPage) },
  { path: '/onlineTeaching', area: 'student', source: shell(OnlineTeachingPage) },

  // enrolment
  {
    path: '/signStudy',
    area: 'student',
    title: STUDENT_PAGE_NAMES.signStudy,
    menuPath: '/signStudy',
    source: remote('enrolment', 'SignStudy'),
  },
  {
    path: '/publicSignStudy',
    area: 'student',
    title: STUDENT_PAGE_NAMES.publicSignStudy,
    menuPath: '/publicSignStudy',
    source: remote('enrolment', 'PublicSignStudy'),
  },
  { path: '/pay', area: 'student', title: '报名学习', menuPath: '/signStudy', source: remote('enrolment', 'Pay') },

  // study
  {
    path: '/myCourse',
    area: 'student',
    title: STUDENT_PAGE_NAMES.myCourse,
    menuPath: '/myCourse',
    source: remote('study', 'MyCourse'),
  },
  {
    path: '/myCourseCopy',
    area: 'student',
    title: '补学教育',
    menuPath: '/myCourseCopy',
    source: remote('study', 'MyCourseCopy'),
  },
  {
    path: '/publicCourse',
    area: 'student',
    title: STUDENT_PAGE_NAMES.publicCourse,
    menuPath: '/publicCourse',
    source: remote('study', 'PublicCourse'),
  },
  {
    path: '/videoLearning',
    area: 'student',
    title: '课程学习',
    menuPath: '/myCourse',
    source: remote('study', 'VideoLearning'),
  },
  {
    path: '/publicVideoLearning',
    area: 'student',
    title: '公需课程学习',
    menuPath: '/publicCourse',
    source: remote('study', 'PublicVideoLearning'),
  },
  { path: '/examList', area: 'student', title: '课后练习', menuPath: '/examList', source: remote('study', 'ExamList') },
  { path: '/exam', area: 'student', title: '课后练习', menuPath: '/examList', source: remote('study', 'Exam') },
  { path: '/mockExam', area: 'student', menuPath: '/examList', source: remote('study', 'MockExam') },

  // orders
  { path: '/myOrder', area: 'student', title: '我的订单', menuPath: '/myOrder', source: remote('orders', 'MyOrder') },
  {
    path: '/requestRefund',
    area: 'student',
    title: '我的订单',
    menuPath: '/myOrder',
    source: remote('orders', 'RequestRefund'),
  },
  {
    path: '/requestInvoice',
    area: 'student',
    title: '我的订单',
    menuPath: '/myOrder',
    source: remote('orders', 'RequestInvoice'),
  },
];
