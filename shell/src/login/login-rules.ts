import type { Rule } from 'antd/es/form';
import { ACCOUNT_MESSAGES as M } from '@yaoshi/contracts/account-messages';
import {
  FORGOT_PASSWORD_MAX_LENGTH,
  FORGOT_PASSWORD_MIN_LENGTH,
  LOGIN_ID_MAX_LENGTH,
  PHONE_LENGTH,
  SMS_CODE_LENGTH,
  isLoginId,
  isLoginPhone,
  isMobilePhone,
  isValidIdNumber,
} from '@yaoshi/contracts/identity-rules';

/**
 * The login box and forgot-password dialog of spec 01 §5, wired to the contracts' checks
 * and messages (the very ones the server applies). The login box is plain markup (it is on
 * the site's first page, which loads no antd), so its rules are plain functions; the
 * forgot-password dialog is an antd Form, so its rules are antd's.
 */

/** Texts of the login box that are not validation messages. */
export const LOGIN_TEXTS = {
  /** spec 01 §1. */
  initialPasswordHint: '初始密码为身份证号后6位',
  /** spec 01 §2 "Home page". */
  loggedIn: '您已登录学员中心',
} as const;

/** spec 01 §9. */
export const LOGIN_LIMITS = {
  usernameMaxLength: LOGIN_ID_MAX_LENGTH,
  phoneLength: PHONE_LENGTH,
  codeMaxLength: SMS_CODE_LENGTH,
} as const;

/** A rule passing when `test` accepts the text; empty values are left to `required`. */
const matching = (test: (value: string) => boolean, message: string, allowEmpty = false): Rule => ({
  validator: async (_rule, value: unknown) => {
    const text = typeof value === 'string' ? value : '';
    if (allowEmpty && text === '') return;
    if (!test(text)) throw new Error(message);
  },
});

/** Before a code is requested: an empty phone, then a malformed one (spec 01 §5). */
export function codeRequestProblem(phone: string): string | null {
  if (!phone) return M.codePhoneRequired;
  if (!isLoginPhone(phone)) return M.codePhoneInvalid;
  return null;
}

const codeRules: Rule[] = [
  { required: true, message: M.codeRequired },
  { max: SMS_CODE_LENGTH, message: M.codeTooLong },
];

export type LoginMode = 'password' | 'code';

export interface LoginValues {
  username: string;
  password: string;
  phone: string;
  vcode: string;
  agreement: boolean;
}

export type LoginField = keyof LoginValues;

/** The fields each login mode submits, in the order they appear. */
export const LOGIN_FIELDS: Record<LoginMode, readonly LoginField[]> = {
  password: ['username', 'password', 'agreement'],
  code: ['phone', 'vcode', 'agreement'],
};

/** What is wrong with one field of the login box (spec 01 §5), or null. */
export function loginFieldProblem(field: LoginField, values: LoginValues): string | null {
  switch (field) {
    case 'username':
      return isLoginId(values.username) ? null : M.loginIdInvalid;
    case 'password':
      return values.password ? null : M.loginPasswordRequired;
    case 'phone':
      return isLoginPhone(values.phone) ? null : M.loginPhoneInvalid;
    case 'vcode':
      if (!values.vcode) return M.codeRequired;
      return values.vcode.length > SMS_CODE_LENGTH ? M.codeTooLong : null;
    case 'agreement':
      return values.agreement ? null : M.agreementRequired;
  }
}

/** Every problem of the mode's fields; an empty object means the login may be sent. */
export function loginProblems(mode: LoginMode, values: LoginValues): Partial<Record<LoginField, string>> {
  const problems: Partial<Record<LoginField, string>> = {};
  for (const field of LOGIN_FIELDS[mode]) {
    const problem = loginFieldProblem(field, values);
    if (problem) problems[field] = problem;
  }
  return problems;
}

const forgotPassword = (requiredMessage: string): Rule[] => [
  { required: true, message: requiredMessage },
  { min: FORGOT_PASSWORD_MIN_LENGTH, max: FORGOT_PASSWORD_MAX_LENGTH, message: M.forgotPasswordLength },
];

/** The two passwords' equality is not checked on this form (spec 01 §5); the server checks it. */
export const FORGET_RULES = {
  password: forgotPassword(M.newPasswordRequired),
  confirmPassword: forgotPassword(M.confirmNewPasswordRequired),
  idcard: [{ required: true, message: M.idNumberRequired }, matching(isValidIdNumber, M.idNumberInvalid, true)],
  phone: [{ required: true, message: M.phoneRequired }, matching(isMobilePhone, M.phoneInvalid, true)],
  vcode: codeRules,
} satisfies Record<string, Rule[]>;
