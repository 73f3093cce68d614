import { ACCOUNT_MESSAGES as M } from '@yaoshi/contracts/account-messages';
import { PASSWORD_PROBLEMS, PROFILE_PROBLEMS, type FieldValue } from './profile-rules';

type ProfileField = keyof typeof PROFILE_PROBLEMS;
const problemsOf = (values: Partial<Record<ProfileField, FieldValue>>) =>
  Object.fromEntries(
    Object.entries(values).map(([field, value]) => [field, PROFILE_PROBLEMS[field as ProfileField](value)]),
  );

/** A profile every check accepts (职称 0 is 无: a choice; 单位地址 is the city). */
const VALID = {
  name: '王芳',
  phone: '13700002222',
  idcard: '310115198808080058',
  certification_type: 1,
  // Trimmed first, as the server does.
  company: ' 上海市第一人民医院 ',
  city_id: '3101',
  education: 5,
  sex: 2,
  major: '药学',
  graduate_school: '复旦大学',
  certification_number1: 'ZY001',
  ethnic: 1,
  profession_ranks: 0,
  politics_status: 3,
  email: 'wangfang@example.com',
};

test('every field of a complete profile passes; 资格证书编号2 is optional and has no check', () => {
  expect(Object.keys(VALID).sort()).toEqual(Object.keys(PROFILE_PROBLEMS).sort());
  expect(Object.values(problemsOf(VALID)).filter(Boolean)).toEqual([]);
  expect('certification_number2' in PROFILE_PROBLEMS).toBe(false);
});

test('blank text and unset choices give each field its own message', () => {
  const blank = Object.fromEntries(
    // The city is a choice (a region code).
    Object.entries(VALID).map(([field, value]) => [
      field,
      typeof value === 'string' && field !== 'city_id' ? '   ' : undefined,
    ]),
  );
  expect(problemsOf(blank)).toEqual({
    name: M.nameRequired,
    phone: M.phoneRequired,
    idcard: M.idNumberRequired,
    certification_type: M.certificationTypeRequired,
    company: M.companyRequired,
    city_id: M.unitAddressRequired,
    education: M.educationRequired,
    sex: M.sexRequired,
    major: M.majorRequired,
    graduate_school: M.graduateSchoolRequired,
    certification_number1: M.certificationNumber1Required,
    ethnic: M.ethnicRequired,
    profession_ranks: M.professionRanksRequired,
    politics_status: M.politicsStatusRequired,
    email: M.emailRequired,
  });
  expect(PROFILE_PROBLEMS.company('')).toBe(M.companyRequired);
  expect(PROFILE_PROBLEMS.city_id('')).toBe(M.unitAddressRequired);
});

test('then the contracts’ checks: Chinese work unit, mobile phone, ID number, email', () => {
  expect(
    problemsOf({ company: 'ABC Pharmacy', phone: '12345678901', idcard: '310115198808080059', email: 'wangfang@' }),
  ).toEqual({
    company: M.companyChineseOnly,
    phone: M.phoneInvalid,
    idcard: M.idNumberInvalid,
    email: M.emailInvalid,
  });
});

test('new password: required, then at least 6 characters (spaces count)', () => {
  expect(['', '12345', '123456', '      '].map(PASSWORD_PROBLEMS.newpasswd)).toEqual([
    M.passwordRequired,
    M.passwordTooShort,
    undefined,
    undefined,
  ]);
});

test('confirmation: one message at a time, empty, then blank, then different', () => {
  const confirm = (value: string) => PASSWORD_PROBLEMS.confirmpasswd(value, 'Change99');
  expect(['', '  ', 'Change98', 'Change99'].map(confirm)).toEqual([
    M.confirmPasswordRequired,
    M.confirmPasswordEmpty,
    M.passwordsDiffer,
    undefined,
  ]);
  // Empty says so even when the new password is empty too.
  expect(PASSWORD_PROBLEMS.confirmpasswd('', '')).toBe(M.confirmPasswordRequired);
});
