import { ACCOUNT_MESSAGES as M } from '@yaoshi/contracts/account-messages';
import { PASSWORD_PROBLEMS, PROFILE_PROBLEMS } from './profile-rules';

test('required text: empty or blank gives the field’s own message; a value passes', () => {
  expect(PROFILE_PROBLEMS.name('')).toBe(M.nameRequired);
  expect(PROFILE_PROBLEMS.major('   ')).toBe(M.majorRequired);
  expect(PROFILE_PROBLEMS.graduate_school('')).toBe(M.graduateSchoolRequired);
  expect(PROFILE_PROBLEMS.certification_number1('')).toBe(M.certificationNumber1Required);
  expect(PROFILE_PROBLEMS.major('药学')).toBeUndefined();
  // certification_number2 is optional: it has no check.
  expect('certification_number2' in PROFILE_PROBLEMS).toBe(false);
});

test('work unit: required, then Chinese only (as the server checks it, trimmed)', () => {
  expect(PROFILE_PROBLEMS.company('')).toBe(M.companyRequired);
  expect(PROFILE_PROBLEMS.company('ABC Pharmacy')).toBe(M.companyChineseOnly);
  expect(PROFILE_PROBLEMS.company('上海市第一人民医院')).toBeUndefined();
  expect(PROFILE_PROBLEMS.company(' 上海市第一人民医院 ')).toBeUndefined();
});

test('phone, ID number and email: required, then the contracts’ format check', () => {
  expect(PROFILE_PROBLEMS.phone('')).toBe(M.phoneRequired);
  expect(PROFILE_PROBLEMS.phone('12345678901')).toBe(M.phoneInvalid);
  expect(PROFILE_PROBLEMS.phone('13700002222')).toBeUndefined();
  expect(PROFILE_PROBLEMS.idcard('')).toBe(M.idNumberRequired);
  expect(PROFILE_PROBLEMS.idcard('310115198808080059')).toBe(M.idNumberInvalid);
  expect(PROFILE_PROBLEMS.idcard('310115198808080058')).toBeUndefined();
  expect(PROFILE_PROBLEMS.email('')).toBe(M.emailRequired);
  expect(PROFILE_PROBLEMS.email('wangfang@')).toBe(M.emailInvalid);
  expect(PROFILE_PROBLEMS.email('wangfang@example.com')).toBeUndefined();
});

test('choices: unset gives the field’s message; any choice passes (职称 0 is 无)', () => {
  expect(PROFILE_PROBLEMS.education(undefined)).toBe(M.educationRequired);
  expect(PROFILE_PROBLEMS.sex(undefined)).toBe(M.sexRequired);
  expect(PROFILE_PROBLEMS.certification_type(undefined)).toBe(M.certificationTypeRequired);
  expect(PROFILE_PROBLEMS.ethnic(undefined)).toBe(M.ethnicRequired);
  expect(PROFILE_PROBLEMS.politics_status(undefined)).toBe(M.politicsStatusRequired);
  expect(PROFILE_PROBLEMS.profession_ranks(undefined)).toBe(M.professionRanksRequired);
  expect(PROFILE_PROBLEMS.profession_ranks(0)).toBeUndefined();
  // 单位地址: the city.
  expect(PROFILE_PROBLEMS.city_id(undefined)).toBe(M.unitAddressRequired);
  expect(PROFILE_PROBLEMS.city_id('3201')).toBeUndefined();
});

test('new password: required, then at least 6 characters (spaces count)', () => {
  expect(PASSWORD_PROBLEMS.newpasswd('')).toBe(M.passwordRequired);
  expect(PASSWORD_PROBLEMS.newpasswd('12345')).toBe(M.passwordTooShort);
  expect(PASSWORD_PROBLEMS.newpasswd('123456')).toBeUndefined();
  expect(PASSWORD_PROBLEMS.newpasswd('      ')).toBeUndefined();
});

test('confirmation: one message at a time, empty, then blank, then different', () => {
  expect(PASSWORD_PROBLEMS.confirmpasswd('', 'Change99')).toBe(M.confirmPasswordRequired);
  expect(PASSWORD_PROBLEMS.confirmpasswd('  ', 'Change99')).toBe(M.confirmPasswordEmpty);
  expect(PASSWORD_PROBLEMS.confirmpasswd('Change98', 'Change99')).toBe(M.passwordsDiffer);
  expect(PASSWORD_PROBLEMS.confirmpasswd('Change99', 'Change99')).toBeUndefined();
  // Empty says so even when the new password is empty too.
  expect(PASSWORD_PROBLEMS.confirmpasswd('', '')).toBe(M.confirmPasswordRequired);
});
