import { ACCOUNT_MESSAGES as M } from '@yaoshi/contracts/account-messages';
import { isMobilePhone, isValidIdNumber, PASSWORD_MIN_LENGTH } from '@yaoshi/contracts/identity-rules';
import { isChineseOnly, isEmail } from '@yaoshi/contracts/profile-rules';
import { requiredText } from '@yaoshi/ui/site-form';

/**
 * spec 01 §5 "Profile form" and "Password change": each check gives the problem with a
 * field's value, if any, with the contracts' checks and messages (the server's). The forms
 * check a field on blur (a choice when made; a password as it is typed) and all of them at
 * 保存 / 提交.
 */
type Problem = string | undefined;

/** A profile field's value: text, or a choice (a number, a region code) with `undefined` unset. */
export type FieldValue = string | number | undefined;

const chosen =
  (required: string) =>
  (value: FieldValue): Problem =>
    value === undefined || value === '' ? required : undefined;

/** The profile's checked fields, in the form's order (certification_number2 is optional: none). */
export const PROFILE_PROBLEMS = {
  name: requiredText(M.nameRequired),
  phone: requiredText(M.phoneRequired, isMobilePhone, M.phoneInvalid),
  idcard: requiredText(M.idNumberRequired, isValidIdNumber, M.idNumberInvalid),
  certification_type: chosen(M.certificationTypeRequired),
  company: requiredText(M.companyRequired, isChineseOnly, M.companyChineseOnly),
  /** 单位地址: the city must be chosen. */
  city_id: chosen(M.unitAddressRequired),
  education: chosen(M.educationRequired),
  sex: chosen(M.sexRequired),
  major: requiredText(M.majorRequired),
  graduate_school: requiredText(M.graduateSchoolRequired),
  certification_number1: requiredText(M.certificationNumber1Required),
  ethnic: chosen(M.ethnicRequired),
  profession_ranks: chosen(M.professionRanksRequired),
  politics_status: chosen(M.politicsStatusRequired),
  email: requiredText(M.emailRequired, isEmail, M.emailInvalid),
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
