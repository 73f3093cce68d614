import type { Permission } from '@yaoshi/contracts/staff-roles';

/** The console's pages, below /admin, and the permission each needs (the server checks it again). */
export interface AdminPage {
  path: string;
  title: string;
  permission: Permission;
}

export const ADMIN_PAGES: readonly AdminPage[] = [
  { path: '/admin/learners', title: '学员管理', permission: 'learners.read' },
  { path: '/admin/archive-reviews', title: '档案审核', permission: 'archive.review' },
  { path: '/admin/certificates', title: '学时证明', permission: 'learners.write' },
  { path: '/admin/closures', title: '注销申请', permission: 'learners.write' },
  { path: '/admin/faces', title: '人脸审核', permission: 'faces.review' },
  { path: '/admin/lesson-checks', title: '课程人脸核验', permission: 'faces.review' },
  { path: '/admin/orders', title: '订单查询', permission: 'finance.read' },
  { path: '/admin/refunds', title: '退款审核', permission: 'finance.read' },
  { path: '/admin/invoices', title: '发票开具', permission: 'finance.read' },
  { path: '/admin/reconciliation', title: '支付对账', permission: 'finance.read' },
  { path: '/admin/staff', title: '工作人员账号', permission: 'staff.manage' },
  { path: '/admin/audit', title: '审计日志', permission: 'audit.read' },
  { path: '/admin/reports', title: '统计报表', permission: 'reports.read' },
  { path: '/admin/releases', title: '发布管理', permission: 'releases.read' },
  { path: '/admin/association-profile', title: '协会信息', permission: 'content.edit' },
  { path: '/admin/articles', title: '文章管理', permission: 'content.edit' },
  { path: '/admin/home-content', title: '首页管理', permission: 'content.edit' },
  { path: '/admin/course-years', title: '学习年度', permission: 'courses.manage' },
  { path: '/admin/courses', title: '课程管理', permission: 'courses.manage' },
  { path: '/admin/question-banks', title: '题库管理', permission: 'courses.manage' },
];

export const ADMIN_LOGIN_PATH = '/admin/login';
/** 修改密码: every staff member's own, outside the menu (the header's link; forced at a first login). */
export const ADMIN_PASSWORD_PATH = '/admin/password';

/** The pages a staff member's permissions open, in menu order. */
export function pagesFor(permissions: readonly string[]): AdminPage[] {
  return ADMIN_PAGES.filter((page) => permissions.includes(page.permission));
}

export type AdminRoute =
  | { kind: 'login' }
  | { kind: 'page'; page: AdminPage }
  | { kind: 'home' }
  | { kind: 'password' }
  | { kind: 'forbidden' }
  | { kind: 'not-found' };

/** What /admin/… shows for a staff member with `permissions` (null: not signed in). */
export function adminRouteOf(pathname: string, permissions: readonly string[] | null): AdminRoute {
  const path = pathname.replace(/\/+$/, '') || '/admin';
  if (path === ADMIN_LOGIN_PATH) return { kind: 'login' };
  if (permissions === null) return { kind: 'login' };
  if (path === '/admin') return { kind: 'home' };
  if (path === ADMIN_PASSWORD_PATH) return { kind: 'password' };
  const page = ADMIN_PAGES.find((candidate) => candidate.path === path);
  if (!page) return { kind: 'not-found' };
  return permissions.includes(page.permission) ? { kind: 'page', page } : { kind: 'forbidden' };
}
