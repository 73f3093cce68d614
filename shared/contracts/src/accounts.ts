import './zod-setup';
import { z } from 'zod';
import { ACCOUNT_MESSAGES as M } from './account-messages';
import { defineEndpoint, noPayload } from './endpoint';
import * as accountRoutes from './routes/accounts';
import {
  FORGOT_PASSWORD_MAX_LENGTH,
  FORGOT_PASSWORD_MIN_LENGTH,
  LOGIN_ID_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SMS_CODE_LENGTH,
  isLoginId,
  isLoginPhone,
  isMobilePhone,
  isValidIdNumber,
} from './identity-rules';
import {
  AVATAR_STATUS_VALUES,
  EDUCATION_VALUES,
  EMAIL_MAX_LENGTH,
  ETHNIC_VALUES,
  POLITICS_STATUS_VALUES,
  PROFESSION_RANK_VALUES,
  PROFILE_TEXT_MAX_LENGTH,
  SEX_VALUES,
  isChineseOnly,
  isEmail,
  type CertificationType,
  type Education,
  type Ethnic,
  type PoliticsStatus,
  type ProfessionRank,
  type Sex,
} from './profile-rules';
import { wholeNumberSchema } from './request-numbers';

/**
 * Accounts (spec 01 §4–§7): login, SMS codes, forgot password, user info, profile,
 * password change, logout, student notice, agreement and the face photo. Every refusal
 * text of a form field is the spec's text from `account-messages.ts`; the server sends it
 * as the response `message`.
 */

/** A text field that must be filled: trimmed, at most `max` characters. */
function requiredText(message: string, max: number = PROFILE_TEXT_MAX_LENGTH) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: M.fieldTooLong(max) });
}

/** A choice of an enumeration, sent as a number or a digit string (select values). */
function choice<V extends number>(values: readonly V[], message: string) {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,2}$/)
          .transform(Number),
      ],
      { error: message },
    )
    .refine((value) => (values as readonly number[]).includes(value), { error: message })
    .transform((value) => value as V);
}

const code = z
  .string({ error: M.codeRequired })
  .trim()
  .min(1, { error: M.codeRequired })
  .max(SMS_CODE_LENGTH, { error: M.codeTooLong });

// ── Login, codes, forgot password ───────────────────────────────────────────────────

export const passwordLoginSchema = z.strictObject({
  type: z.literal('1'),
  username: z
    .string({ error: M.loginIdInvalid })
    .trim()
    .max(LOGIN_ID_MAX_LENGTH, { error: M.loginIdInvalid })
    .refine(isLoginId, { error: M.loginIdInvalid }),
  password: z
    .string({ error: M.loginPasswordRequired })
    .min(1, { error: M.loginPasswordRequired })
    .max(PASSWORD_MAX_LENGTH, { error: M.passwordTooLong }),
});

export const codeLoginSchema = z.strictObject({
  type: z.literal('2'),
  phone: z.string({ error: M.loginPhoneInvalid }).trim().refine(isLoginPhone, { error: M.loginPhoneInvalid }),
  vcode: code,
});

export const loginRequestSchema = z.discriminatedUnion('type', [passwordLoginSchema, codeLoginSchema]);
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const faceInitSchema = z.union([z.literal(0), z.literal(1)]);

export const loginResponseSchema = z.object({
  token: z.string(),
  face_init: faceInitSchema,
  /** True after 学员管理 reset the password (issue 18): the learner must choose a new one. */
  must_change_password: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const vcodeRequestSchema = z.strictObject({
  phone: z
    .string({ error: M.codePhoneRequired })
    .trim()
    .min(1, { error: M.codePhoneRequired })
    .refine(isLoginPhone, { error: M.codePhoneInvalid }),
});
export type VcodeRequest = z.input<typeof vcodeRequestSchema>;

const forgotPassword = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage })
    .min(FORGOT_PASSWORD_MIN_LENGTH, { error: M.forgotPasswordLength })
    .max(FORGOT_PASSWORD_MAX_LENGTH, { error: M.forgotPasswordLength });

export const idNumberSchema = z
  .string({ error: M.idNumberRequired })
  .trim()
  .min(1, { error: M.idNumberRequired })
  .refine(isValidIdNumber, { error: M.idNumberInvalid })
  .transform((value) => value.toUpperCase());

export const forgetRequestSchema = z.strictObject({
  password: forgotPassword(M.newPasswordRequired),
  confirm_password: forgotPassword(M.confirmNewPasswordRequired),
  phone: z
    .string({ error: M.phoneRequired })
    .trim()
    .min(1, { error: M.phoneRequired })
    .refine(isMobilePhone, { error: M.phoneInvalid }),
  vcode: code,
  idcard: idNumberSchema,
});
export type ForgetRequest = z.input<typeof forgetRequestSchema>;

// ── The signed-in learner ───────────────────────────────────────────────────────────

export const userInfoSchema = z.object({
  name: z.string(),
  /** URL of the face photo, '' when none. */
  avatar: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** An enumeration value in a response: null while the learner has not filled it in. */
const storedChoice = <V extends number>() => z.custom<V>((value) => typeof value === 'number').nullable();

export const profileSchema = z.object({
  name: z.string(),
  phone: z.string(),
  idcard: z.string(),
  certification_type: z.custom<CertificationType>((value) => typeof value === 'number'),
  company: z.string(),
  province: z.string(),
  city: z.string(),
  county: z.string(),
  /** Full 6-digit GB/T 2260 codes ('' while unset); see profile-rules.ts. */
  province_id: z.string(),
  city_id: z.string(),
  area_id: z.string(),
  education: storedChoice<Education>(),
  sex: storedChoice<Sex>(),
  major: z.string(),
  certification_number1: z.string(),
  certification_number2: z.string(),
  graduate_school: z.string(),
  ethnic: storedChoice<Ethnic>(),
  profession_ranks: storedChoice<ProfessionRank>(),
  politics_status: storedChoice<PoliticsStatus>(),
  email: z.string(),
  /** 1 approved; see AVATAR_STATUS. */
  avatar_status: z.number().int(),
});
export type Profile = z.infer<typeof profileSchema>;

const regionName = z.string({ error: M.unitAddressRequired }).trim().max(20, { error: M.unitAddressInvalid });
const regionCode = z.union(
  [
    z
      .string()
      .trim()
      .regex(/^\d{2,6}$/, { error: M.unitAddressInvalid }),
    z.number().int().transform(String),
  ],
  {
    error: M.unitAddressRequired,
  },
);

/**
 * The profile form (spec 01 §5). name, phone, idcard and certification_type are
 * read-only (§6): the form sends them back, and the server accepts them only when they
 * equal what is stored (a different value is refused, nothing is saved).
 */
export const modifyRequestSchema = z.strictObject({
  name: z.string().optional(),
  phone: z.string().optional(),
  idcard: z.string().optional(),
  certification_type: z.union([z.number(), z.string()]).optional(),

  company: requiredText(M.companyRequired).refine(isChineseOnly, { error: M.companyChineseOnly }),
  province: regionName.min(1, { error: M.unitAddressRequired }),
  city: regionName.min(1, { error: M.unitAddressRequired }),
  county: regionName.optional(),
  province_id: regionCode,
  city_id: regionCode,
  area_id: regionCode.optional().or(z.literal('')),
  education: choice(EDUCATION_VALUES, M.educationRequired),
  sex: choice(SEX_VALUES, M.sexRequired),
  major: requiredText(M.majorRequired),
  certification_number1: requiredText(M.certificationNumber1Required),
  certification_number2: z
    .string()
    .trim()
    .max(PROFILE_TEXT_MAX_LENGTH, { error: M.fieldTooLong(PROFILE_TEXT_MAX_LENGTH) })
    .optional(),
  graduate_school: requiredText(M.graduateSchoolRequired),
  ethnic: choice(ETHNIC_VALUES, M.ethnicRequired),
  profession_ranks: choice(PROFESSION_RANK_VALUES, M.professionRanksRequired),
  politics_status: choice(POLITICS_STATUS_VALUES, M.politicsStatusRequired),
  email: requiredText(M.emailRequired, EMAIL_MAX_LENGTH).refine(isEmail, { error: M.emailInvalid }),
});
export type ModifyRequest = z.input<typeof modifyRequestSchema>;

export const passwordChangeSchema = z
  .strictObject({
    newpasswd: z
      .string({ error: M.passwordRequired })
      .min(1, { error: M.passwordRequired })
      .min(PASSWORD_MIN_LENGTH, { error: M.passwordTooShort })
      .max(PASSWORD_MAX_LENGTH, { error: M.passwordTooLong }),
    confirmpasswd: z.string({ error: M.confirmPasswordRequired }).min(1, { error: M.confirmPasswordEmpty }),
  })
  .refine((form) => form.newpasswd === form.confirmpasswd, { error: M.passwordsDiffer, path: ['confirmpasswd'] });
export type PasswordChangeRequest = z.input<typeof passwordChangeSchema>;

export const studentNoticeSchema = z.object({ thumb: z.string(), excerpt: z.string(), content: z.string() });
export type StudentNotice = z.infer<typeof studentNoticeSchema>;

export const agreementSchema = z.object({ agreement: z.string() });
export type Agreement = z.infer<typeof agreementSchema>;

// ── Face photo ──────────────────────────────────────────────────────────────────────

/** `data:image/jpeg;base64,…`, `data:image/png;base64,…` or bare base64. */
export const avatarRequestSchema = z.strictObject({
  avatar: z.string().min(1),
  /** The course whose face check this is; 0, '' or absent for the first collection. */
  course_id: z.union([wholeNumberSchema(0, 2_147_483_647), z.literal('')]).optional(),
  percent: wholeNumberSchema(0, 100).optional(),
});
export type AvatarRequest = z.input<typeof avatarRequestSchema>;

export const avatarResponseSchema = z.object({
  avatar: z.string(),
  avatar_status: z
    .number()
    .int()
    .refine((value) => (AVATAR_STATUS_VALUES as readonly number[]).includes(value)),
  face_init: faceInitSchema,
});
export type AvatarResponse = z.infer<typeof avatarResponseSchema>;

/** The learner's own face photo review: status and, after a rejection, the reviewer's reason (issue 18). */
export const faceStatusSchema = z.object({
  avatar_status: z.number().int(),
  reject_reason: z.string().nullable(),
});
export type FaceStatus = z.infer<typeof faceStatusSchema>;

export const accountEndpoints = {
  faceStatus: defineEndpoint({
    ...accountRoutes.faceStatus,
    request: noPayload,
    response: faceStatusSchema,
  }),
  login: defineEndpoint({
    ...accountRoutes.login,
    request: loginRequestSchema,
    response: loginResponseSchema,
  }),
  vcode: defineEndpoint({
    ...accountRoutes.vcode,
    request: vcodeRequestSchema,
    response: z.null(),
  }),
  forget: defineEndpoint({
    ...accountRoutes.forget,
    request: forgetRequestSchema,
    response: z.null(),
  }),
  userinfo: defineEndpoint({
    ...accountRoutes.userinfo,
    request: noPayload,
    response: userInfoSchema,
  }),
  profile: defineEndpoint({
    ...accountRoutes.profile,
    request: noPayload,
    response: profileSchema,
  }),
  modify: defineEndpoint({
    ...accountRoutes.modify,
    request: modifyRequestSchema,
    response: z.null(),
  }),
  password: defineEndpoint({
    ...accountRoutes.password,
    request: passwordChangeSchema,
    response: z.null(),
  }),
  logout: defineEndpoint({ ...accountRoutes.logout, request: noPayload, response: z.null() }),
  pcNotes: defineEndpoint({
    ...accountRoutes.pcNotes,
    request: noPayload,
    response: studentNoticeSchema,
  }),
  agreement: defineEndpoint({
    ...accountRoutes.agreement,
    request: noPayload,
    response: agreementSchema,
  }),
  /** The same text for visitors: the login box asks them to agree to it before they can log in. */
  publicAgreement: defineEndpoint({
    ...accountRoutes.publicAgreement,
    request: noPayload,
    response: agreementSchema,
  }),
  avatar: defineEndpoint({
    ...accountRoutes.avatar,
    request: avatarRequestSchema,
    response: avatarResponseSchema,
  }),
};
