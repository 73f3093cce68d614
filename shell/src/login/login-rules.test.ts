import { ACCOUNT_MESSAGES as M } from '@yaoshi/contracts/account-messages';
import { codeRequestProblem, loginProblems, type LoginValues } from './login-rules';

const filled: LoginValues = {
  username: '320106198503124510',
  password: '124510',
  phone: '13812345678',
  vcode: '123456',
  agreement: true,
};

test('password mode checks the login id, the password and the agreement, and nothing of code mode', () => {
  expect(loginProblems('password', filled)).toEqual({});
  expect(
    loginProblems('password', {
      ...filled,
      username: '320106198503124511',
      password: '',
      agreement: false,
      phone: '',
      vcode: '',
    }),
  ).toEqual({
    username: M.loginIdInvalid,
    password: M.loginPasswordRequired,
    agreement: M.agreementRequired,
  });
  // A phone number is a login id too.
  expect(loginProblems('password', { ...filled, username: '13812345678' })).toEqual({});
});

test('code mode checks the phone, the code (required, at most 6) and the agreement', () => {
  expect(loginProblems('code', { ...filled, username: '' })).toEqual({});
  expect(loginProblems('code', { ...filled, phone: '2381234567', vcode: '' })).toEqual({
    phone: M.loginPhoneInvalid,
    vcode: M.codeRequired,
  });
  expect(loginProblems('code', { ...filled, vcode: '1234567' })).toEqual({ vcode: M.codeTooLong });
});

test('获取验证码 asks for a phone first, then a well-formed one', () => {
  expect(codeRequestProblem('')).toBe(M.codePhoneRequired);
  expect(codeRequestProblem('2381234567')).toBe(M.codePhoneInvalid);
  expect(codeRequestProblem('13812345678')).toBeNull();
});
