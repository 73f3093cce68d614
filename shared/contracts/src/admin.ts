import { z } from 'zod';
import { AUDIT_ACTOR_KINDS } from './audit-fields';
import { defineEndpoint, noPayload } from './endpoint';
import { ACCOUNT_MESSAGES } from './account-messages';
import { isMobilePhone, isValidIdNumber, normalizeIdNumber } from './identity-rules';
import {
  AVATAR_STATUS_VALUES,
  CERTIFICATION_TYPE_VALUES,
  PROFILE_TEXT_MAX_LENGTH,
  isChineseOnly,
} from './profile-rules';
import { STAFF_PASSWORD_MIN_LENGTH, STAFF_ROLES, STAFF_USERNAME_PATTERN, type Permission } from './staff-roles';

/**
 * The staff console's calls (issue 18), all under /v1/admin/ in the same signed envelope.
 * `auth: 'staff'` needs a staff session (a learner's token is refused like no token), and
 * `permission` names what the staff member's roles must grant. A few names are stable for
 * automation: POST /v1/admin/login, GET /v1/admin/learners, GET /v1/admin/audit.
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

/** Beijing time, 'YYYY-MM-DD HH:mm:ss'. */
const timeText = z.string();

const pageFields = {
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(100).default(20),
};

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

export const auditListRequestSchema = z.strictObject({
  ...pageFields,
  /** The staff member's user name, exactly. */
  actor: z.string().trim().max(64).optional(),
  /** The action's name, exactly (e.g. staff.create). */
  action: z.string().trim().max(64).optional(),
  /** Part of the target (e.g. an order number or an ID number). */
  target: z.string().trim().max(64).optional(),
  /** Days, 'YYYY-MM-DD', Beijing time, both included. */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  /**
   * A cursor for reading the whole match (the CSV export): the records after this one in the
   * list's order (newest first), instead of `page`. Records written meanwhile are newer, so
   * they neither repeat nor push a record out of the pages, as offsets would.
   */
  before_id: z.number().int().min(1).optional(),
});
export type AuditListRequest = z.input<typeof auditListRequestSchema>;

export const auditRecordSchema = z.object({
  id: z.number().int(),
  time: timeText,
  actor: z.string(),
  actor_kind: z.enum(AUDIT_ACTOR_KINDS),
  actor_name: z.string().nullable(),
  roles: z.array(z.string()),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditListResponseSchema = z.object({ total: z.number().int(), list: z.array(auditRecordSchema) });
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

export const LEARNER_SORT_FIELDS = ['created_at', 'name', 'id_number'] as const;

export const learnerListRequestSchema = z.strictObject({
  ...pageFields,
  /** Name, ID number or phone, in part. */
  keyword: z.string().trim().max(50).optional(),
  name: z.string().trim().max(50).optional(),
  id_number: z.string().trim().max(18).optional(),
  phone: z.string().trim().max(11).optional(),
  company: z.string().trim().max(50).optional(),
  /** A GB/T 2260 code: a province, city or county and everything in it. */
  region: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  avatar_status: z.union(AVATAR_STATUS_VALUES.map((value) => z.literal(value))).optional(),
  locked: z.boolean().optional(),
  sort: z.enum(LEARNER_SORT_FIELDS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type LearnerListRequest = z.input<typeof learnerListRequestSchema>;

export const learnerListRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  id_number: z.string(),
  phone: z.string(),
  company: z.string(),
  region: z.string(),
  avatar_status: z.number().int(),
  locked: z.boolean(),
  /** The account was closed at the learner's request. */
  closed: z.boolean(),
  created_at: timeText,
});
export type LearnerListRow = z.infer<typeof learnerListRowSchema>;

export const learnerListResponseSchema = z.object({ total: z.number().int(), list: z.array(learnerListRowSchema) });
export type LearnerListResponse = z.infer<typeof learnerListResponseSchema>;

/**
 * A new learner, as 学员管理 creates one or imports a row: the fields the learner cannot
 * change later (spec 01 §6: name, ID number, phone, certification type) checked by the
 * profile's own rules, and the work unit if given. The rest the learner fills in.
 */
export const newLearnerSchema = z.strictObject({
  name: z
    .string({ error: ACCOUNT_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: ACCOUNT_MESSAGES.nameRequired })
    .max(PROFILE_TEXT_MAX_LENGTH, { error: ACCOUNT_MESSAGES.fieldTooLong(PROFILE_TEXT_MAX_LENGTH) }),
  idcard: z
    .string({ error: ACCOUNT_MESSAGES.idNumberRequired })
    .trim()
    .min(1, { error: ACCOUNT_MESSAGES.idNumberRequired })
    .refine(isValidIdNumber, { error: ACCOUNT_MESSAGES.idNumberInvalid })
    .transform(normalizeIdNumber),
  phone: z
    .string({ error: ACCOUNT_MESSAGES.phoneRequired })
    .trim()
    .min(1, { error: ACCOUNT_MESSAGES.phoneRequired })
    .refine(isMobilePhone, { error: ACCOUNT_MESSAGES.phoneInvalid }),
  certification_type: z.union(
    CERTIFICATION_TYPE_VALUES.map((value) => z.literal(value)),
    { error: ACCOUNT_MESSAGES.certificationTypeRequired },
  ),
  company: z
    .string()
    .trim()
    .max(PROFILE_TEXT_MAX_LENGTH, { error: ACCOUNT_MESSAGES.fieldTooLong(PROFILE_TEXT_MAX_LENGTH) })
    .refine((value) => value === '' || isChineseOnly(value), { error: ACCOUNT_MESSAGES.companyChineseOnly })
    .optional(),
});
export type NewLearner = z.input<typeof newLearnerSchema>;

const learnerIdSchema = z.strictObject({ id: z.number().int().positive() });

export const learnerDetailSchema = z.object({
  id: z.number().int(),
  profile: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  avatar_status: z.number().int(),
  avatar_reject_reason: z.string().nullable(),
  locked: z.boolean(),
  disabled: z.boolean(),
  /** Beijing time the account was closed at the learner's request; null while open. */
  closed_at: timeText.nullable(),
  must_change_password: z.boolean(),
  live_sessions: z.number().int(),
  years: z.array(
    z.object({
      year: z.number().int(),
      courses: z.array(
        z.object({
          course_id: z.number().int(),
          name: z.string(),
          kind: z.string(),
          hours: z.number(),
          progress: z.number().int(),
          completed: z.boolean(),
          withdrawn: z.boolean(),
        }),
      ),
      hours_completed: z.number(),
      hours_enrolled: z.number(),
    }),
  ),
  orders: z.array(
    z.object({
      order_no: z.string(),
      year: z.number().int(),
      name: z.string(),
      amount: z.number(),
      pay_status: z.number().int(),
      refund_status: z.number().int(),
      is_receipt: z.number().int(),
      created_at: timeText,
    }),
  ),
  exams: z.array(
    z.object({
      year: z.number().int(),
      exam_type: z.number().int(),
      questions: z.number().int(),
      right: z.number().int().nullable(),
      submitted_at: timeText.nullable(),
    }),
  ),
  face_photos: z.array(
    z.object({
      id: z.number().int(),
      course_id: z.number().int().nullable(),
      percent: z.number().int().nullable(),
      state: z.string(),
      reject_reason: z.string().nullable(),
      created_at: timeText,
    }),
  ),
  refusals: z.array(
    z.object({
      time: timeText,
      course_id: z.number().int().nullable(),
      claimed_seconds: z.number().int(),
      outcome: z.string(),
    }),
  ),
});
export type LearnerDetail = z.infer<typeof learnerDetailSchema>;

export const FACE_REJECT_REASON_MAX_LENGTH = 100;

export const faceQueueRowSchema = z.object({
  photo_id: z.number().int(),
  learner_id: z.number().int(),
  name: z.string(),
  id_number: z.string(),
  phone: z.string(),
  company: z.string(),
  region: z.string(),
  /** A short-lived signed URL (minutes); never logged. */
  photo_url: z.string(),
  /** The photo approved before, when this one replaces it. */
  previous_url: z.string().nullable(),
  submitted_at: timeText,
});
export type FaceQueueRow = z.infer<typeof faceQueueRowSchema>;

export const faceRejectRequestSchema = z.strictObject({
  photo_id: z.number().int().positive(),
  reason: z
    .string({ error: '请填写驳回原因' })
    .trim()
    .min(1, { error: '请填写驳回原因' })
    .max(FACE_REJECT_REASON_MAX_LENGTH, { error: `驳回原因不能超过${FACE_REJECT_REASON_MAX_LENGTH}个字` }),
});
export type FaceRejectRequest = z.input<typeof faceRejectRequestSchema>;

/** 审核's per-lesson view of a learner's face checks (issue 18). */
export const lessonChecksRequestSchema = z.strictObject({
  id_number: z.string({ error: '请输入学员身份证号' }).trim().min(1, { error: '请输入学员身份证号' }).max(18),
});
export const lessonChecksSchema = z.object({
  learner_id: z.number().int(),
  name: z.string(),
  id_number: z.string(),
  /** The learner's approved face photo, to compare with; null when none is approved. */
  approved_url: z.string().nullable(),
  lessons: z.array(
    z.object({
      course_id: z.number().int(),
      course_name: z.string(),
      year: z.number().int(),
      /** The lesson's progress now, 0–100: 0 again after a failed check until studied again. */
      progress: z.number().int(),
      photos: z.array(
        z.object({
          photo_id: z.number().int(),
          url: z.string(),
          taken_at: z.string(),
          percent: z.number().int().nullable(),
          state: z.enum(['pending', 'approved', 'rejected']),
          reject_reason: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type LessonChecks = z.infer<typeof lessonChecksSchema>;

export const lessonFailRequestSchema = z.strictObject({
  learner_id: z.number().int().positive(),
  course_id: z.number().int().positive(),
  reason: faceRejectRequestSchema.shape.reason,
});
export type LessonFailRequest = z.input<typeof lessonFailRequestSchema>;

export const REFUND_QUEUE_STATUSES = ['reviewing', 'refunding', 'refunded', 'failed', 'rejected'] as const;
/** A refund request's state as finance reads it, in the queue and in the order drawer. */
export const REFUND_REQUEST_STATUS_TEXT: Readonly<Record<(typeof REFUND_QUEUE_STATUSES)[number], string>> = {
  reviewing: '待审核',
  refunding: '退款中',
  refunded: '已退款',
  failed: '退款失败',
  rejected: '已驳回',
};
/** An automatic refund of a payment that arrived after its order was closed (payment_refunds). */
export const LATE_REFUND_STATUS_TEXT: Readonly<Record<'sending' | 'accepted' | 'refunded' | 'failed', string>> = {
  sending: '退款中',
  accepted: '退款中（渠道已受理）',
  refunded: '已退款',
  failed: '退款失败',
};

export const refundQueueRowSchema = z.object({
  order_no: z.string(),
  order_name: z.string(),
  year: z.number().int(),
  learner_name: z.string(),
  id_number: z.string(),
  /** Yuan. */
  amount: z.number(),
  reason: z.string(),
  status: z.enum(REFUND_QUEUE_STATUSES),
  failure_reason: z.string().nullable(),
  requested_at: timeText,
  decided_at: timeText.nullable(),
});
export type RefundQueueRow = z.infer<typeof refundQueueRowSchema>;

export const REFUND_REJECT_REASON_MAX_LENGTH = 100;
export const INVOICE_REJECT_REASON_MAX_LENGTH = 100;

const orderNoField = z
  .string()
  .trim()
  .regex(/^\d{1,32}$/, { error: '订单号不正确' });

export const INVOICE_QUEUE_STATUSES = ['reviewing', 'issuing', 'issued', 'failed'] as const;
export const INVOICE_REQUEST_STATUS_TEXT: Readonly<Record<(typeof INVOICE_QUEUE_STATUSES)[number], string>> = {
  reviewing: '待审核',
  issuing: '开具中',
  issued: '已开具',
  failed: '开票失败',
};

export const invoiceQueueRowSchema = z.object({
  order_no: z.string(),
  order_name: z.string(),
  year: z.number().int(),
  learner_name: z.string(),
  id_number: z.string(),
  amount: z.number(),
  title_type: z.number().int(),
  invoice_title: z.string(),
  tax_number: z.string().nullable(),
  email: z.string(),
  status: z.enum(INVOICE_QUEUE_STATUSES),
  invoice_no: z.string().nullable(),
  issued_at: timeText.nullable(),
  failure_reason: z.string().nullable(),
  requested_at: timeText,
});
export type InvoiceQueueRow = z.infer<typeof invoiceQueueRowSchema>;

const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日期格式应为 YYYY-MM-DD' });

export const orderSearchRowSchema = z.object({
  order_no: z.string(),
  learner_name: z.string(),
  id_number: z.string(),
  year: z.number().int(),
  name: z.string(),
  amount: z.number(),
  pay_status: z.number().int(),
  refund_status: z.number().int(),
  is_receipt: z.number().int(),
  created_at: timeText,
  paid_at: timeText.nullable(),
});
export type OrderSearchRow = z.infer<typeof orderSearchRowSchema>;

/** A payment attempt's state and a notification's handling, as finance reads them in the order drawer. */
export const PAYMENT_ATTEMPT_STATUS_TEXT: Readonly<Record<string, string>> = {
  open: '待支付',
  paid: '已支付',
  failed: '失败',
  closed: '已关闭',
  refunded: '已原路退回',
};
export const NOTIFICATION_RESULT_TEXT: Readonly<Record<string, string>> = {
  applied: '已入账',
  duplicate: '重复通知（已忽略）',
  refunded_late: '订单已关闭，款项自动退回',
  failed_recorded: '支付失败已记录',
  unknown_order: '未知订单（已拒收）',
  amount_mismatch: '金额不符（已拒收）',
  refund_confirmed: '退款已确认',
  refund_failed: '退款失败',
  bad_signature: '签名无效（已拒收）',
};
export const NOTIFICATION_OUTCOME_TEXT: Readonly<Record<string, string>> = {
  paid: '支付成功',
  failed: '支付失败',
  refunded: '已退款',
};

export const adminOrderDetailSchema = z.object({
  order: orderSearchRowSchema,
  attempts: z.array(
    z.object({
      merchant_no: z.string(),
      provider: z.string(),
      pay_type: z.number().int(),
      amount: z.number(),
      status: z.string(),
      provider_trade_no: z.string().nullable(),
      created_at: timeText,
      finished_at: timeText.nullable(),
    }),
  ),
  notifications: z.array(
    z.object({
      merchant_no: z.string().nullable(),
      outcome: z.string().nullable(),
      amount: z.number().nullable(),
      result: z.string(),
      received_at: timeText,
    }),
  ),
  /** The order's refunds: the learner's requests with their outcome, and automatic refunds of late payments. */
  refunds: z.array(
    z.object({
      kind: z.enum(['request', 'late']),
      /** REFUND_REQUEST_STATUS_TEXT, or LATE_REFUND_STATUS_TEXT for an automatic refund. */
      status_text: z.string(),
      amount: z.number(),
      reason: z.string(),
      failure_reason: z.string().nullable(),
      merchant_refund_no: z.string().nullable(),
      provider_refund_no: z.string().nullable(),
      requested_at: timeText,
      decided_at: timeText.nullable(),
      completed_at: timeText.nullable(),
    }),
  ),
  invoices: z.array(
    z.object({
      /** INVOICE_REQUEST_STATUS_TEXT. */
      status_text: z.string(),
      title: z.string(),
      tax_number: z.string().nullable(),
      amount: z.number(),
      invoice_no: z.string().nullable(),
      failure_reason: z.string().nullable(),
      requested_at: timeText,
      issued_at: timeText.nullable(),
      /** Whether the issued PDF can be downloaded (`invoicePdf`). */
      has_pdf: z.boolean(),
    }),
  ),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const financeSummarySchema = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      paid_orders: z.number().int(),
      paid_amount: z.number(),
      refunds: z.number().int(),
      refund_amount: z.number(),
    }),
  ),
  years: z.array(
    z.object({
      year: z.number().int(),
      paid_orders: z.number().int(),
      paid_amount: z.number(),
      refunds: z.number().int(),
      refund_amount: z.number(),
    }),
  ),
  file_name: z.string(),
  /** The same as an .xlsx workbook (sheets 按日 and 按年度), base64. */
  xlsx_base64: z.string(),
});
export type FinanceSummary = z.infer<typeof financeSummarySchema>;

/** 对账 (issue 19): a day's gateway bills against our records, and the money given back on our own. */
export const billDifferenceRowSchema = z.object({
  provider: z.string(),
  kind: z.enum(['money_without_order', 'paid_without_money', 'amount_differs']),
  /** 有款无单 / 有单无款 / 金额不符. */
  kind_text: z.string(),
  merchant_no: z.string(),
  order_no: z.string().nullable(),
  provider_trade_no: z.string().nullable(),
  /** Yuan. */
  bill_amount: z.number().nullable(),
  our_amount: z.number().nullable(),
});
export type BillDifferenceRow = z.infer<typeof billDifferenceRowSchema>;

export const lateRefundRowSchema = z.object({
  order_no: z.string(),
  merchant_no: z.string(),
  merchant_refund_no: z.string(),
  provider: z.string(),
  amount: z.number(),
  state: z.enum(['sending', 'accepted', 'refunded', 'failed']),
  state_text: z.string(),
  provider_refund_no: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_at: timeText,
});
export type LateRefundRow = z.infer<typeof lateRefundRowSchema>;

export const reconciliationReportSchema = z.object({
  day: z.string(),
  runs: z.array(
    z.object({
      provider: z.string(),
      bill_payments: z.number().int(),
      bill_refunds: z.number().int(),
      differences: z.number().int(),
      ran_at: timeText,
    }),
  ),
  differences: z.array(billDifferenceRowSchema),
  late_refunds: z.array(lateRefundRowSchema),
  file_name: z.string(),
  xlsx_base64: z.string(),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

/** The learner import's columns, in template order (issue 18). */
export const IMPORT_COLUMNS = ['姓名', '身份证号', '手机号', '证书类型', '工作单位'] as const;
export const IMPORT_MAX_ROWS = 10_000;

export const importFileSchema = z.strictObject({
  /** The .xlsx file, base64 (the envelope's 4 MiB body holds about 10,000 rows). */
  file_base64: z.string().min(1, { error: '请选择要导入的文件' }),
});

/** The confirmation: the same file again, and how many valid rows the operator saw in its report. */
export const importConfirmSchema = z.strictObject({
  file_base64: importFileSchema.shape.file_base64,
  valid: z.number().int().positive(),
});
export type ImportConfirm = z.input<typeof importConfirmSchema>;

export const importReportSchema = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  failed: z.array(
    z.object({ row: z.number().int(), name: z.string(), idcard: z.string(), reasons: z.array(z.string()) }),
  ),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const adminEndpoints = {
  importTemplate: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/learners/import/template',
    auth: 'staff',
    permission: 'learners.write',
    request: noPayload,
    response: z.object({ file_name: z.string(), xlsx_base64: z.string() }),
  }),
  importCheck: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/learners/import/check',
    auth: 'staff',
    permission: 'learners.write',
    request: importFileSchema,
    response: importReportSchema,
  }),
  importConfirm: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/learners/import/confirm',
    auth: 'staff',
    permission: 'learners.write',
    request: importConfirmSchema,
    response: z.object({ imported: z.number().int(), skipped: z.number().int() }),
  }),
  orderSearch: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/orders',
    auth: 'staff',
    permission: 'finance.read',
    request: z.strictObject({
      ...pageFields,
      /** Learner: name, ID number or phone, in part. */
      learner: z.string().trim().max(50).optional(),
      year: z.number().int().min(2000).max(2100).optional(),
      pay_status: z.number().int().min(1).max(5).optional(),
      from: dayText.optional(),
      to: dayText.optional(),
      /** An order number or a payment attempt's merchant number, exactly. */
      merchant_no: z.string().trim().max(64).optional(),
    }),
    response: z.object({ total: z.number().int(), list: z.array(orderSearchRowSchema) }),
  }),
  orderDetail: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/orders/detail',
    auth: 'staff',
    permission: 'finance.read',
    request: z.strictObject({ order_no: orderNoField }),
    response: adminOrderDetailSchema,
  }),
  financeSummary: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/finance/summary',
    auth: 'staff',
    permission: 'finance.read',
    request: z.strictObject({ from: dayText, to: dayText }),
    response: financeSummarySchema,
  }),
  reconciliationReport: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/finance/reconciliation',
    auth: 'staff',
    permission: 'finance.read',
    request: z.strictObject({ day: dayText }),
    response: reconciliationReportSchema,
  }),
  reconciliationRun: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/finance/reconciliation/run',
    auth: 'staff',
    permission: 'finance.write',
    request: z.strictObject({ day: dayText }),
    response: reconciliationReportSchema,
  }),
  invoiceQueue: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/invoices',
    auth: 'staff',
    permission: 'finance.read',
    request: z.strictObject({ ...pageFields, status: z.enum(INVOICE_QUEUE_STATUSES).optional() }),
    response: z.object({ total: z.number().int(), list: z.array(invoiceQueueRowSchema) }),
  }),
  invoiceIssue: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/invoices/issue',
    auth: 'staff',
    permission: 'finance.write',
    request: z.strictObject({ order_no: orderNoField }),
    response: z.object({ invoice_no: z.string(), issued_at: timeText }),
  }),
  invoiceReject: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/invoices/reject',
    auth: 'staff',
    permission: 'finance.write',
    request: z.strictObject({
      order_no: orderNoField,
      reason: z
        .string({ error: '请填写驳回原因' })
        .trim()
        .min(1, { error: '请填写驳回原因' })
        .max(INVOICE_REJECT_REASON_MAX_LENGTH, { error: `驳回原因不能超过${INVOICE_REJECT_REASON_MAX_LENGTH}个字` }),
    }),
    response: z.null(),
  }),
  refundQueue: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/refunds',
    auth: 'staff',
    permission: 'finance.read',
    request: z.strictObject({ ...pageFields, status: z.enum(REFUND_QUEUE_STATUSES).optional() }),
    response: z.object({ total: z.number().int(), list: z.array(refundQueueRowSchema) }),
  }),
  refundApprove: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/refunds/approve',
    auth: 'staff',
    permission: 'finance.write',
    request: z.strictObject({ order_no: orderNoField }),
    response: z.object({ outcome: z.enum(['refunded', 'refund-failed', 'provider-unreachable']), message: z.string() }),
  }),
  /**
   * A refund left 退款中 (the gateway's answer never came): asks the gateway again with the same
   * refund number — it refunds once — and records the answer.
   */
  refundRequery: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/refunds/requery',
    auth: 'staff',
    permission: 'finance.write',
    request: z.strictObject({ order_no: orderNoField }),
    response: z.object({ outcome: z.enum(['refunded', 'refund-failed', 'provider-unreachable']), message: z.string() }),
  }),
  /** The issued invoice of any order, as the learner downloads it. */
  invoicePdf: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/invoices/pdf',
    auth: 'staff',
    permission: 'finance.read',
    request: z.strictObject({ order_no: orderNoField }),
    response: z.object({ file_name: z.string(), pdf_base64: z.string() }),
  }),
  refundReject: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/refunds/reject',
    auth: 'staff',
    permission: 'finance.write',
    request: z.strictObject({
      order_no: orderNoField,
      reason: z
        .string({ error: '请填写驳回原因' })
        .trim()
        .min(1, { error: '请填写驳回原因' })
        .max(REFUND_REJECT_REASON_MAX_LENGTH, { error: `驳回原因不能超过${REFUND_REJECT_REASON_MAX_LENGTH}个字` }),
    }),
    response: z.null(),
  }),
  faceQueue: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/faces/queue',
    auth: 'staff',
    permission: 'faces.review',
    request: z.strictObject(pageFields),
    response: z.object({ total: z.number().int(), list: z.array(faceQueueRowSchema) }),
  }),
  faceApprove: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/faces/approve',
    auth: 'staff',
    permission: 'faces.review',
    request: z.strictObject({ photo_id: z.number().int().positive() }),
    response: z.null(),
  }),
  faceReject: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/faces/reject',
    auth: 'staff',
    permission: 'faces.review',
    request: faceRejectRequestSchema,
    response: z.null(),
  }),
  faceLessonChecks: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/faces/lessons',
    auth: 'staff',
    permission: 'faces.review',
    request: lessonChecksRequestSchema,
    response: lessonChecksSchema,
  }),
  faceLessonFail: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/faces/lessons/fail',
    auth: 'staff',
    permission: 'faces.review',
    request: lessonFailRequestSchema,
    response: z.object({ progress_before: z.number().int() }),
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/login',
    auth: false,
    request: adminLoginRequestSchema,
    response: adminLoginResponseSchema,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/logout',
    auth: 'staff',
    request: noPayload,
    response: z.null(),
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/me',
    auth: 'staff',
    request: noPayload,
    response: staffSelfSchema,
  }),
  passwordChange: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/password',
    auth: 'staff',
    request: staffPasswordChangeRequestSchema,
    response: z.null(),
  }),
  staffList: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/staff',
    auth: 'staff',
    permission: 'staff.manage',
    request: noPayload,
    response: z.array(staffRowSchema),
  }),
  staffCreate: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/staff/create',
    auth: 'staff',
    permission: 'staff.manage',
    request: staffCreateRequestSchema,
    response: staffCredentialsSchema,
  }),
  staffUpdate: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/staff/update',
    auth: 'staff',
    permission: 'staff.manage',
    request: staffUpdateRequestSchema,
    response: z.null(),
  }),
  audit: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/audit',
    auth: 'staff',
    permission: 'audit.read',
    request: auditListRequestSchema,
    response: auditListResponseSchema,
  }),
  learners: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/learners',
    auth: 'staff',
    permission: 'learners.read',
    request: learnerListRequestSchema,
    response: learnerListResponseSchema,
  }),
  learnerDetail: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/learners/detail',
    auth: 'staff',
    permission: 'learners.read',
    request: learnerIdSchema,
    response: learnerDetailSchema,
  }),
  learnerCreate: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/learners/create',
    auth: 'staff',
    permission: 'learners.write',
    request: newLearnerSchema,
    response: z.object({ id: z.number().int(), initial_password: z.string() }),
  }),
  learnerResetPassword: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/learners/reset-password',
    auth: 'staff',
    permission: 'learners.write',
    request: learnerIdSchema,
    response: z.object({ password: z.string() }),
  }),
  learnerUnlock: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/learners/unlock',
    auth: 'staff',
    permission: 'learners.write',
    request: learnerIdSchema,
    response: z.null(),
  }),
  learnerSetDisabled: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/learners/set-disabled',
    auth: 'staff',
    permission: 'learners.write',
    request: z.strictObject({ id: z.number().int().positive(), disabled: z.boolean() }),
    response: z.null(),
  }),
  learnerEndSessions: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/learners/end-sessions',
    auth: 'staff',
    permission: 'learners.write',
    request: learnerIdSchema,
    response: z.object({ ended: z.number().int() }),
  }),
};

/**
 * What a staff session may call while its password is still the generated one (all else
 * answers 403 请先修改初始密码): who am I, change it, sign out.
 */
export const STAFF_PATHS_BEFORE_PASSWORD_CHANGE: ReadonlySet<string> = new Set([
  adminEndpoints.me.path,
  adminEndpoints.passwordChange.path,
  adminEndpoints.logout.path,
]);
