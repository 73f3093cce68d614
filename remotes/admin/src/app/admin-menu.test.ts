import { adminRouteOf, pagesFor } from './admin-menu';

test('the menu shows only the pages the permissions open', () => {
  expect(pagesFor(['staff.manage', 'audit.read']).map((page) => page.title)).toEqual(['工作人员账号', '审计日志']);
  expect(pagesFor(['staff.manage', 'audit.read', 'reports.read']).map((page) => page.title)).toEqual([
    '工作人员账号',
    '审计日志',
    '统计报表',
  ]);
  expect(pagesFor(['finance.read', 'finance.write', 'learners.read']).map((page) => page.title)).toEqual([
    '学员管理',
    '订单查询',
    '退款审核',
    '发票开具',
    '支付对账',
  ]);
  expect(pagesFor(['faces.review', 'learners.read']).map((page) => page.title)).toEqual([
    '学员管理',
    '人脸审核',
    '课程人脸核验',
  ]);
  expect(pagesFor(['releases.manage', 'releases.read']).map((page) => page.title)).toEqual(['发布管理']);
  expect(pagesFor(['learners.read', 'learners.write']).map((page) => page.title)).toEqual([
    '学员管理',
    '学时证明',
    '注销申请',
  ]);
  expect(pagesFor(['learners.read', 'learners.write', 'archive.review']).map((page) => page.title)).toEqual([
    '学员管理',
    '档案审核',
    '学时证明',
    '注销申请',
  ]);
  expect(pagesFor(['content.edit']).map((page) => page.title)).toEqual(['协会信息', '文章管理', '首页管理']);
  expect(pagesFor(['courses.manage']).map((page) => page.title)).toEqual(['学习年度', '课程管理', '题库管理']);
});

test('routes: login when signed out, forbidden without the permission, home at /admin', () => {
  expect(adminRouteOf('/admin/staff', null)).toEqual({ kind: 'login' });
  expect(adminRouteOf('/admin/staff', ['audit.read'])).toEqual({ kind: 'forbidden' });
  expect(adminRouteOf('/admin/staff/', ['staff.manage'])).toMatchObject({
    kind: 'page',
    page: { title: '工作人员账号' },
  });
  expect(adminRouteOf('/admin', ['staff.manage'])).toEqual({ kind: 'home' });
  expect(adminRouteOf('/admin/nothing', ['staff.manage'])).toEqual({ kind: 'not-found' });
});

test('修改密码 opens for every signed-in staff member, whatever the roles', () => {
  expect(adminRouteOf('/admin/password', ['audit.read'])).toEqual({ kind: 'password' });
  expect(adminRouteOf('/admin/password/', [])).toEqual({ kind: 'password' });
  expect(adminRouteOf('/admin/password', null)).toEqual({ kind: 'login' });
});
