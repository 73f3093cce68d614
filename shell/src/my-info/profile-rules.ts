import { ACCOUNT_MESSAGES as M } from '@yaoshi/contracts/account-messages';
import { isMobilePhone, isValidIdNumber, PASSWORD_MIN_LENGTH } from '@yaoshi/contracts/identity-rules';
import { isChineseOnly, isEmail } from '@yaoshi/contracts/profile-rules';

/**
 * spec 01 §5 "Profile form" and "Password change": each check gives the problem with a
 * field's value, if any, with the contracts' checks and messages (the server's). The forms
 * check a field on blur (a choice when made; a password as it is typed) and all of them at
 * 保存 / 提交.
 */
type Problem = string | undefined;

/** A profile field's value: text, or a choice (a number, a region code) with `undefined` unset. */
export type FieldValue = string | number | undefined;

/** Required text (blank is `required`, as the server trims); then `test`, if any, must accept it. */
const text =
  (required: string, test?: (text: string) => boolean, invalid?: string) =>
  (value: FieldValue): Problem => {
    const trimmed = typeof value === 'string' ? value.trim() : '';
    if (!trimmed) return required;
    return test && !test(trimmed) ? invalid : undefined;
  };

const chosen =
  (required: string) =>
  (value: FieldValue): Problem =>
    value === undefined || value === '' ? required : undefined;

/** The profile's checked fields, in the form's order (certification_number2 is optional: none). */
export const PROFILE_PROBLEMS = {
  name: text(M.nameRequired),
  phone: text(M.phoneRequired, isMobilePhone, M.phoneInvalid),
  idcard: text(M.idNumberRequired, isValidIdNumber, M.idNumberInvalid),
  certification_type: chosen(M.certificationTypeRequired),
  company: text(M.companyRequired, isChineseOnly, M.companyChineseOnly),
  /** 单位地址: the city must be chosen. */
  city_id: chosen(M.unitAddressRequired),
  education: chosen(M.educationRequired),
  sex: chosen(M.sexRequired),
  major: text(M.majorRequired),
  graduate_school: text(M.graduateSchoolRequired),
  certification_number1: text(M.certificationNumber1Required),
  ethnic: chosen(M.ethnicRequired),
  profession_ranks: chosen(M.professionRanksRequired),
  politics_status: chosen(M.politicsStatusRequired),
  email: text(M.emailRequired, isEmail, M.emailInvalid),
} satisfies Record<string, (value: FieldValue) => Problem>;

/** One message at a time for each field; a password is taken as typed (spaces count). */
export const PASSWORD_PROBLEMS = {
  newpasswd: (value: string): Problem => {
    if (value === '') return M.passwordRequired;
    return value.length < PASSWORD_MIN_LENGTH ? M.passwordTooShort : undefined;
  },
  /** Empty, then blank (only spaces), then different from the new password. */
  confirmpasswd: (value: string, newPassword: string): Problem => {
    if (value === '') return M.confirmPasswordRequired;
    if (value.trim() === '') return M.confirmPasswordEmpty;
    return value === newPassword ? undefined : M.passwordsDiffer;
  },
};
