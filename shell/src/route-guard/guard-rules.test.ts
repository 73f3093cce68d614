import { LOGIN_GUARDED_PATHS, guardDecision, needsLogin } from './guard-rules';

const anonymous = { loggedInMemory: false, loggedInStorage: false };
const loggedIn = { loggedInMemory: true, loggedInStorage: true };

test('the flagged routes are exactly spec 01 §2; /faceCollection and public routes are not flagged', () => {
  expect(LOGIN_GUARDED_PATHS.size).toBe(18);
  for (const path of ['/', '/newsList', '/faceCollection', '/downloadApp', '/contactUs', '/mockExam'])
    expect(needsLogin(path)).toBe(false);
  for (const path of ['/myInfo', '/myCourse', '/requestRefund', '/onlineTeaching']) expect(needsLogin(path)).toBe(true);
});

test('an anonymous visitor is sent home from a guarded route, first load or not', () => {
  expect(guardDecision({ to: '/myInfo', from: null, ...anonymous })).toEqual({ kind: 'home' });
  expect(guardDecision({ to: '/myOrder', from: '/', ...anonymous })).toEqual({ kind: 'home' });
});

test('public routes and /faceCollection are open to anyone', () => {
  expect(guardDecision({ to: '/', from: '/myInfo', ...anonymous })).toEqual({ kind: 'enter' });
  expect(guardDecision({ to: '/faceCollection', from: '/', ...anonymous })).toEqual({ kind: 'enter' });
});

test('either login flag is enough: memory or localStorage', () => {
  expect(guardDecision({ to: '/myInfo', from: '/', loggedInMemory: true, loggedInStorage: false })).toEqual({
    kind: 'enter',
  });
  expect(guardDecision({ to: '/myInfo', from: null, loggedInMemory: false, loggedInStorage: true })).toEqual({
    kind: 'enter',
  });
});

test('coming from face collection without login: stay there (请先上传人脸采集)', () => {
  expect(guardDecision({ to: '/studentsNote', from: '/faceCollection', ...anonymous })).toEqual({
    kind: 'stay',
    from: '/faceCollection',
  });
});

test('leaving /myCourse or /myCourseCopy for another guarded screen reloads the page, except for /videoLearning', () => {
  expect(guardDecision({ to: '/myOrder', from: '/myCourse', ...loggedIn })).toEqual({ kind: 'reload' });
  expect(guardDecision({ to: '/studentsNote', from: '/myCourseCopy', ...loggedIn })).toEqual({ kind: 'reload' });
  expect(guardDecision({ to: '/videoLearning', from: '/myCourse', ...loggedIn })).toEqual({ kind: 'enter' });
  expect(guardDecision({ to: '/', from: '/myCourse', ...loggedIn })).toEqual({ kind: 'enter' });
  expect(guardDecision({ to: '/myCourse', from: '/myCourse', ...loggedIn })).toEqual({ kind: 'enter' });
  expect(guardDecision({ to: '/myOrder', from: '/myInfo', ...loggedIn })).toEqual({ kind: 'enter' });
});
