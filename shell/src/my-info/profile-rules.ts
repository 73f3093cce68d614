import type { Rule } from 'antd/es/form';
import { ACCOUNT_MESSAGES as M } from '@yaoshi/contracts/account-messages';
import { isMobilePhone, isValidIdNumber, PASSWORD_MIN_LENGTH } from '@yaoshi/contracts/identity-rules';
import { isChineseOnly, isEmail } from '@yaoshi/contracts/profile-rules';

/** spec 01 §5 "Profile form" and "Password change", wired to the contracts' checks and messages. */

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Passes empty values (left to `required`); otherwise `test` must accept the text. */
const matching = (test: (value: string) => boolean, message: string): Rule => ({
  validator: async (_rule, value: unknown) => {
    if (text(value) !== '' && !test(text(value))) throw new Error(message);
  },
});

const required = (message: string): Rule => ({ required: true, message });

export const PROFILE_RULES = {
  name: [required(M.nameRequired)],
  education: [required(M.educationRequired)],
  sex: [required(M.sexRequired)],
  phone: [required(M.phoneRequired), matching(isMobilePhone, M.phoneInvalid)],
  major: [required(M.majorRequired)],
  idcard: [required(M.idNumberRequired), matching(isValidIdNumber, M.idNumberInvalid)],
  certification_type: [required(M.certificationTypeRequired)],
  ethnic: [required(M.ethnicRequired)],
  email: [required(M.emailRequired), matching(isEmail, M.emailInvalid)],
  profession_ranks: [required(M.professionRanksRequired)],
  politics_status: [required(M.politicsStatusRequired)],
  certification_number1: [required(M.certificationNumber1Required)],
  certification_number2: [],
  company: [required(M.companyRequired), matching(isChineseOnly, M.companyChineseOnly)],
  graduate_school: [required(M.graduateSchoolRequired)],
  /** 单位地址: the city must be chosen. */
  city_id: [required(M.unitAddressRequired)],
} satisfies Record<string, Rule[]>;

export const PASSWORD_RULES = {
  newpasswd: [required(M.passwordRequired), { min: PASSWORD_MIN_LENGTH, message: M.passwordTooShort }],
  /** One message at a time: the form item sets `validateFirst`, so an empty field says only 请确认新密码. */
  confirmpasswd: (newPassword: () => unknown): Rule[] => [
    required(M.confirmPasswordRequired),
    {
      validator: async (_rule, value: unknown) => {
        if (text(value).trim() === '') throw new Error(M.confirmPasswordEmpty);
        if (value !== newPassword()) throw new Error(M.passwordsDiffer);
      },
    },
  ],
};
