/**
 * Staff roles and permissions (issue 18). A role is a named set of permissions; a staff
 * account holds one or more roles, and the server checks the permission an endpoint names
 * on every call. The browser uses the same table to show only the menu items a staff
 * member may open.
 */

export const PERMISSIONS = [
  /** Staff accounts and their roles. */
  'staff.manage',
  /** Read the audit log. */
  'audit.read',
  /** Read learners and their records. */
  'learners.read',
  /** Create, import, reset, unlock, disable learners. */
  'learners.write',
  /** Face photo review and lesson face checks. */
  'faces.review',
  /** Read orders, refunds, invoices and summaries. */
  'finance.read',
  /** Decide refunds and invoices. */
  'finance.write',
  /** Articles and pages (next issue). */
  'content.edit',
  /** Courses and lessons (next issue). */
  'courses.manage',
  /** Move remote versions and pins: publish, pin, canary, promote, roll back (issue 17). */
  'releases.manage',
  /** Read remote versions, pins, canaries and the release history (发布管理 read-only). */
  'releases.read',
  /** Study reports per year: enrolled, hours, completion, the completed list (issue 20). */
  'reports.read',
  /** Pass or fail a learner's year in the archive review, before the 学时证明 (issue 20). */
  'archive.review',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const STAFF_ROLES = [
  '管理员',
  '学员管理',
  '财务',
  '审核',
  '内容编辑',
  '课程管理',
  '发布管理',
  '只读审计',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  管理员: ['staff.manage', 'audit.read', 'reports.read'],
  学员管理: ['learners.read', 'learners.write', 'reports.read', 'archive.review'],
  财务: ['finance.read', 'finance.write', 'learners.read'],
  审核: ['faces.review', 'learners.read'],
  内容编辑: ['content.edit'],
  课程管理: ['courses.manage'],
  发布管理: ['releases.manage', 'releases.read'],
  只读审计: ['audit.read', 'learners.read', 'finance.read', 'reports.read', 'releases.read'],
};

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

/** Every permission any of `roles` grants; unknown role names grant nothing. */
export function permissionsOf(roles: readonly string[]): Permission[] {
  const granted = new Set<Permission>();
  for (const role of roles)
    if (isStaffRole(role)) for (const permission of ROLE_PERMISSIONS[role]) granted.add(permission);
  return PERMISSIONS.filter((permission) => granted.has(permission));
}

/** A staff session ends after 30 minutes without a call. */
export const STAFF_IDLE_MS = 30 * 60 * 1000;

/** Staff user names: 2–32 characters, no spaces (Chinese names are allowed). */
export const STAFF_USERNAME_PATTERN = /^[^\s]{2,32}$/u;
export const STAFF_PASSWORD_MIN_LENGTH = 10;
