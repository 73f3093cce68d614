import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES as M } from './account-messages';
import {
  forgetRequestSchema,
  loginRequestSchema,
  modifyRequestSchema,
  passwordChangeSchema,
  vcodeRequestSchema,
} from './accounts';

/** The first refusal text, as the server sends it and the form shows it. */
function firstMessage(schema: z.ZodType, payload: unknown): string | null {
  const result = schema.safeParse(payload);
  return result.success ? null : (result.error.issues[0]?.message ?? '');
}

const VALID_PROFILE = {
  company: '南京市鼓楼区人民医院',
  province: '江苏省',
  city: '南京市',
  county: '鼓楼区',
  province_id: '32',
  city_id: '3201',
  area_id: '320106',
  education: '4',
  sex: 1,
  major: '药学',
  certification_number1: '苏执药2010012345',
  graduate_school: '中国药科大学',
  ethnic: 1,
  profession_ranks: 0,
  politics_status: 3,
  email: 'a@example.com',
};

describe('login and codes (spec 01 §5)', () => {
  test('password login', () => {
    assert.equal(firstMessage(loginRequestSchema, { type: '1', username: '13812345678', password: 'x' }), null);
    assert.equal(
      firstMessage(loginRequestSchema, { type: '1', username: '1381234567', password: 'x' }),
      M.loginIdInvalid,
    );
    assert.equal(
      firstMessage(loginRequestSchema, { type: '1', username: '320106198503124510', password: '' }),
      M.loginPasswordRequired,
    );
  });

  test('code login and get code', () => {
    assert.equal(firstMessage(loginRequestSchema, { type: '2', phone: '13812345678', vcode: '123456' }), null);
    assert.equal(
      firstMessage(loginRequestSchema, { type: '2', phone: '2381234567', vcode: '123456' }),
      M.loginPhoneInvalid,
    );
    assert.equal(firstMessage(loginRequestSchema, { type: '2', phone: '13812345678', vcode: '' }), M.codeRequired);
    assert.equal(
      firstMessage(loginRequestSchema, { type: '2', phone: '13812345678', vcode: '1234567' }),
      M.codeTooLong,
    );
    assert.equal(firstMessage(vcodeRequestSchema, { phone: '' }), M.codePhoneRequired);
    assert.equal(firstMessage(vcodeRequestSchema, {}), M.codePhoneRequired);
    assert.equal(firstMessage(vcodeRequestSchema, { phone: '1381234567' }), M.codePhoneInvalid);
  });

  test('forgot password', () => {
    const valid = {
      password: '123456',
      confirm_password: '123456',
      phone: '13812345678',
      vcode: '123456',
      idcard: '320106198503124510',
    };
    assert.equal(firstMessage(forgetRequestSchema, valid), null);
    assert.equal(firstMessage(forgetRequestSchema, { ...valid, password: '' }), M.newPasswordRequired);
    assert.equal(firstMessage(forgetRequestSchema, { ...valid, confirm_password: '' }), M.confirmNewPasswordRequired);
    assert.equal(firstMessage(forgetRequestSchema, { ...valid, password: '12345' }), M.forgotPasswordLength);
    assert.equal(firstMessage(forgetRequestSchema, { ...valid, password: '1234567890123' }), M.forgotPasswordLength);
    assert.equal(firstMessage(forgetRequestSchema, { ...valid, idcard: '' }), M.idNumberRequired);
    assert.equal(firstMessage(forgetRequestSchema, { ...valid, idcard: '320106198503124511' }), M.idNumberInvalid);
    assert.equal(firstMessage(forgetRequestSchema, { ...valid, phone: '' }), M.phoneRequired);
    assert.equal(firstMessage(forgetRequestSchema, { ...valid, phone: '12812345678' }), M.phoneInvalid);
    assert.equal(firstMessage(forgetRequestSchema, { ...valid, vcode: '' }), M.codeRequired);
  });
});

describe('profile form (spec 01 §5)', () => {
  test('a complete form passes; numbers arrive as numbers or digit strings', () => {
    const parsed = modifyRequestSchema.parse(VALID_PROFILE);
    assert.equal(parsed.education, 4);
  });

  const cases: [string, unknown, string][] = [
    ['education', '', M.educationRequired],
    ['education', 6, M.educationRequired],
    ['sex', undefined, M.sexRequired],
    ['major', ' ', M.majorRequired],
    ['ethnic', 3, M.ethnicRequired],
    ['email', '', M.emailRequired],
    ['email', 'a@b', M.emailInvalid],
    ['profession_ranks', 4, M.professionRanksRequired],
    ['politics_status', 0, M.politicsStatusRequired],
    ['certification_number1', '', M.certificationNumber1Required],
    ['company', '', M.companyRequired],
    ['company', 'Nanjing Hospital', M.companyChineseOnly],
    ['graduate_school', '', M.graduateSchoolRequired],
    ['city', '', M.unitAddressRequired],
    ['city_id', undefined, M.unitAddressRequired],
  ];
  for (const [field, value, message] of cases) {
    test(`${field} = ${JSON.stringify(value)} → ${message}`, () => {
      assert.equal(firstMessage(modifyRequestSchema, { ...VALID_PROFILE, [field]: value }), message);
    });
  }
});

describe('password change (spec 01 §5)', () => {
  test('required, at least 6, confirmation equal', () => {
    assert.equal(firstMessage(passwordChangeSchema, { newpasswd: 'abcdef', confirmpasswd: 'abcdef' }), null);
    assert.equal(firstMessage(passwordChangeSchema, { newpasswd: '', confirmpasswd: '' }), M.passwordRequired);
    assert.equal(
      firstMessage(passwordChangeSchema, { newpasswd: 'abcde', confirmpasswd: 'abcde' }),
      M.passwordTooShort,
    );
    assert.equal(firstMessage(passwordChangeSchema, { newpasswd: 'abcdef' }), M.confirmPasswordRequired);
    assert.equal(
      firstMessage(passwordChangeSchema, { newpasswd: 'abcdef', confirmpasswd: '' }),
      M.confirmPasswordEmpty,
    );
    assert.equal(
      firstMessage(passwordChangeSchema, { newpasswd: 'abcdef', confirmpasswd: 'abcdeg' }),
      M.passwordsDiffer,
    );
  });
});
