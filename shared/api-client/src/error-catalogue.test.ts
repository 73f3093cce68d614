import { catalogueOutcome } from './error-catalogue';

test('spec 01 §8, case by case', () => {
  expect(catalogueOutcome({ kind: 'server', code: 401, message: '登录失效' })).toEqual({
    errorText: '请先登录',
    endSession: true,
  });
  expect(catalogueOutcome({ kind: 'server', code: 400, message: '参数错误' })).toEqual({
    errorText: '参数错误',
    endSession: false,
  });
  expect(catalogueOutcome({ kind: 'server', code: 500, message: '' })).toEqual({ errorText: null, endSession: false });
  expect(catalogueOutcome({ kind: 'transport', message: 'Network Error', timedOut: false })).toEqual({
    errorText: null,
    endSession: false,
  });
  expect(catalogueOutcome({ kind: 'transport', message: 'timeout of 1ms exceeded', timedOut: true }).errorText).toBe(
    '网络连接超时，请刷新重试',
  );
  expect(catalogueOutcome({ kind: 'transport', message: 'Request aborted', timedOut: false }).errorText).toBe(
    'Request aborted',
  );
});
