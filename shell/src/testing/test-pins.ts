import type { RouteEntry } from '@yaoshi/contracts/release-manifest';
import type { RemotePin, RemotePins } from '../federation/pins';

/**
 * A pins document for the shell's tests: the four remotes with the route manifests their
 * builds publish (remotes/<name>/src/routes.ts, copied here: the shell never imports a remote).
 */
const publicPage = (path: string, exposed: string): RouteEntry => ({
  path,
  area: 'public',
  exposed,
  loginRequired: false,
  withoutAntd: true,
});
const studentPage = (path: string, exposed: string, title: string | undefined, menuPath: string): RouteEntry => ({
  path,
  area: 'student',
  exposed,
  loginRequired: true,
  menuPath,
  ...(title ? { title } : {}),
});

function pin(key: string, federationName: string, section: string, routes: RouteEntry[], version = '0.1.0'): RemotePin {
  return { version, federationName, section, entry: `/remotes/${key}/${version}/mf-manifest.json`, routes };
}

export const TEST_PINS: RemotePins = {
  'public-content': pin('public-content', 'public_content', '协会资讯', [
    publicPage('/', 'Home'),
    publicPage('/newsList', 'NewsList'),
    publicPage('/associationNewsDetail', 'AssociationNewsDetail'),
    publicPage('/newDetail', 'NewDetail'),
    publicPage('/associationIntroduce', 'AssociationIntroduce'),
    publicPage('/contactUs', 'ContactUs'),
    publicPage('/notice', 'Notice'),
    publicPage('/downloadApp', 'DownloadApp'),
  ]),
  enrolment: pin('enrolment', 'enrolment', '选课报名', [
    studentPage('/signStudy', 'SignStudy', '专业课选课', '/signStudy'),
    studentPage('/publicSignStudy', 'PublicSignStudy', '公需课选课', '/publicSignStudy'),
    studentPage('/pay', 'Pay', '报名学习', '/signStudy'),
  ]),
  study: pin('study', 'study', '在线学习', [
    { path: '/faceCollection', area: 'public', exposed: 'FaceCollection', loginRequired: false, withoutAntd: true },
    studentPage('/myCourse', 'MyCourse', '专业课学习', '/myCourse'),
    studentPage('/myCourseCopy', 'MyCourseCopy', '补学教育', '/myCourseCopy'),
    studentPage('/publicCourse', 'PublicCourse', '公需课学习', '/publicCourse'),
    studentPage('/videoLearning', 'VideoLearning', '课程学习', '/myCourse'),
    studentPage('/publicVideoLearning', 'PublicVideoLearning', '公需课程学习', '/publicCourse'),
    studentPage('/examList', 'ExamList', '课后练习', '/examList'),
    studentPage('/exam', 'Exam', '课后练习', '/examList'),
    { path: '/mockExam', area: 'student', exposed: 'MockExam', loginRequired: false, menuPath: '/examList' },
  ]),
  orders: pin('orders', 'orders', '订单管理', [
    studentPage('/myOrder', 'MyOrder', '我的订单', '/myOrder'),
    studentPage('/requestRefund', 'RequestRefund', '我的订单', '/myOrder'),
    studentPage('/requestInvoice', 'RequestInvoice', '我的订单', '/myOrder'),
  ]),
};
