import './zod-setup';
import { z } from 'zod';
import { adminTimeText as timeText } from './admin-lists';
import { defineEndpoint, noPayload } from './endpoint';
import * as staffAdminRoutes from './routes/staff-admin';
import { STAFF_PASSWORD_MIN_LENGTH, STAFF_ROLES, STAFF_USERNAME_PATTERN, type Permission } from './staff-roles';

/**
 * Staff accounts in the console (issue 18): signing in (password and TOTP), one's own
 * password, and 工作人员账号 (permission `staff.manage`). POST /v1/admin/login is a stable
 * name for automation. Conventions of all console calls: admin-lists.ts.
 */

export const ADMIN_MESSAGES = {
  usernameRequired: '请输入用户名',
  passwordRequired: '请输入密码',
  otpFormat: '请输入6位动态验证码',
  usernameFormat: '用户名为2至32个字符，不能含空格',
  nameRequired: '请输入姓名',
  rolesRequired: '请至少选择一个角色',
  roleUnknown: '角色不存在',
  passwordTooShort: `密码至少${STAFF_PASSWORD_MIN_LENGTH}位`,
  passwordTooLong: '密码不能超过128位',
  currentPasswordRequired: '请输入当前密码',
  newPasswordRequired: '请输入新密码',
  newPasswordWeak: '新密码须同时包含字母和数字',
  newPasswordSame: '新密码不能与当前密码相同',
  passwordsDiffer: '两次输入的新密码不一致',
  passwordChangeRequired: '请先修改初始密码',
  currentPasswordWrong: '当前密码不正确',
  passwordChanged: '密码已修改',
} as const;

const M = ADMIN_MESSAGES;

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: M.roleUnknown });

export const adminLoginRequestSchema = z.strictObject({
  username: z
    .string({ error: M.usernameRequired })
    .trim()
    .min(1, { error: M.usernameRequired })
    .max(64, { error: M.usernameFormat }),
  password: z
    .string({ error: M.passwordRequired })
    .min(1, { error: M.passwordRequired })
    .max(128, { error: M.passwordRequired }),
  otp: z
    .string({ error: M.otpFormat })
    .trim()
    .regex(/^\d{6}$/, { error: M.otpFormat }),
});
export type AdminLoginRequest = z.input<typeof adminLoginRequestSchema>;

export const staffSelfSchema = z.object({
  username: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.custom<Permission>((value) => typeof value === 'string')),
  /** The password is still the generated one: the console opens only 修改密码. */
  must_change_password: z.boolean(),
});
export type StaffSelf = z.infer<typeof staffSelfSchema>;

/** A staff member's own new password: at least 10 characters, letters and digits both. */
export const staffPasswordChangeRequestSchema = z
  .strictObject({
    current_password: z
      .string({ error: M.currentPasswordRequired })
      .min(1, { error: M.currentPasswordRequired })
      .max(128, { error: M.currentPasswordRequired }),
    new_password: z
      .string({ error: M.newPasswordRequired })
      .min(STAFF_PASSWORD_MIN_LENGTH, { error: M.passwordTooShort })
      .max(128, { error: M.passwordTooLong })
      .regex(/[A-Za-z]/, { error: M.newPasswordWeak })
      .regex(/[0-9]/, { error: M.newPasswordWeak }),
  })
  .refine((change) => change.current_password !== change.new_password, {
    error: M.newPasswordSame,
    path: ['new_password'],
  });
export type StaffPasswordChangeRequest = z.input<typeof staffPasswordChangeRequestSchema>;

export const adminLoginResponseSchema = staffSelfSchema.extend({ token: z.string() });
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

export const staffRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  disabled: z.boolean(),
  locked: z.boolean(),
  created_at: timeText,
  last_login_at: timeText.nullable(),
});
export type StaffRow = z.infer<typeof staffRowSchema>;

export const staffCreateRequestSchema = z.strictObject({
  username: z.string({ error: M.usernameFormat }).trim().regex(STAFF_USERNAME_PATTERN, { error: M.usernameFormat }),
  name: z.string({ error: M.nameRequired }).trim().min(1, { error: M.nameRequired }).max(50, { error: M.nameRequired }),
  roles: z
    .array(staffRoleSchema, { error: M.rolesRequired })
    .min(1, { error: M.rolesRequired })
    .max(STAFF_ROLES.length),
});
export type StaffCreateRequest = z.input<typeof staffCreateRequestSchema>;

/** Shown once: the generated password and the TOTP enrolment (URI and its secret for typing in). */
export const staffCredentialsSchema = z.object({
  username: z.string(),
  password: z.string(),
  otpauth: z.string(),
  secret: z.string(),
});
export type StaffCredentials = z.infer<typeof staffCredentialsSchema>;

export const staffUpdateRequestSchema = z.strictObject({
  id: z.number().int().positive(),
  roles: z
    .array(staffRoleSchema, { error: M.rolesRequired })
    .min(1, { error: M.rolesRequired })
    .max(STAFF_ROLES.length)
    .optional(),
  disabled: z.boolean().optional(),
});
export type StaffUpdateRequest = z.input<typeof staffUpdateRequestSchema>;

export const staffAdminEndpoints = {
  login: defineEndpoint({
    ...staffAdminRoutes.login,
    request: adminLoginRequestSchema,
    response: adminLoginResponseSchema,
  }),
  logout: defineEndpoint({
    ...staffAdminRoutes.logout,
    request: noPayload,
    response: z.null(),
  }),
  me: defineEndpoint({
    ...staffAdminRoutes.me,
    request: noPayload,
    response: staffSelfSchema,
  }),
  passwordChange: defineEndpoint({
    ...staffAdminRoutes.passwordChange,
    request: staffPasswordChangeRequestSchema,
    response: z.null(),
  }),
  staffList: defineEndpoint({
    ...staffAdminRoutes.staffList,
    request: noPayload,
    response: z.array(staffRowSchema),
  }),
  staffCreate: defineEndpoint({
    ...staffAdminRoutes.staffCreate,
    request: staffCreateRequestSchema,
    response: staffCredentialsSchema,
  }),
  staffUpdate: defineEndpoint({
    ...staffAdminRoutes.staffUpdate,
    request: staffUpdateRequestSchema,
    response: z.null(),
  }),
};

/**
 * What a staff session may call while its password is still the generated one (all else
 * answers 403 请先修改初始密码): who am I, change it, sign out.
 */
export const STAFF_PATHS_BEFORE_PASSWORD_CHANGE: ReadonlySet<string> = new Set([
  staffAdminEndpoints.me.path,
  staffAdminEndpoints.passwordChange.path,
  staffAdminEndpoints.logout.path,
]);
