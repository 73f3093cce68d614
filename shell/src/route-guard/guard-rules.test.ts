import { guardDecision } from './guard-rules';

const anonymous = { loggedInMemory: false, loggedInStorage: false };
const loggedIn = { loggedInMemory: true, loggedInStorage: true };

test('a route without the login flag is open to anyone; one with it is not', () => {
  expect(guardDecision({ to: '/mockExam', loginRequired: false, from: null, ...anonymous })).toEqual({ kind: 'enter' });
  expect(guardDecision({ to: '/mockExam', loginRequired: true, from: null, ...anonymous })).toEqual({ kind: 'home' });
});

test('an anonymous visitor is sent home from a guarded route, first load or not', () => {
  expect(guardDecision({ to: '/myInfo', loginRequired: true, from: null, ...anonymous })).toEqual({ kind: 'home' });
  expect(guardDecision({ to: '/myOrder', loginRequired: true, from: '/', ...anonymous })).toEqual({ kind: 'home' });
});

test('public routes and /faceCollection are open to anyone', () => {
  expect(guardDecision({ to: '/', loginRequired: false, from: '/myInfo', ...anonymous })).toEqual({ kind: 'enter' });
  expect(guardDecision({ to: '/faceCollection', loginRequired: false, from: '/', ...anonymous })).toEqual({
    kind: 'enter',
  });
});

test('either login flag is enough: memory or localStorage', () => {
  expect(
    guardDecision({ to: '/myInfo', loginRequired: true, from: '/', loggedInMemory: true, loggedInStorage: false }),
  ).toEqual({ kind: 'enter' });
  expect(
    guardDecision({ to: '/myInfo', loginRequired: true, from: null, loggedInMemory: false, loggedInStorage: true }),
  ).toEqual({ kind: 'enter' });
});

test('coming from face collection without login: stay there (请先上传人脸采集)', () => {
  expect(guardDecision({ to: '/studentsNote', loginRequired: true, from: '/faceCollection', ...anonymous })).toEqual({
    kind: 'stay',
    from: '/faceCollection',
  });
});

test('signed in but waiting for a face photo: a typed guarded address goes to face collection, not home', () => {
  expect(guardDecision({ to: '/myCourse', loginRequired: true, from: null, ...anonymous, awaitingFace: true })).toEqual(
    { kind: 'face' },
  );
  expect(guardDecision({ to: '/myCourse', loginRequired: true, from: null, ...anonymous })).toEqual({ kind: 'home' });
});

test('leaving /myCourse or /myCourseCopy for another guarded screen reloads the page, except for /videoLearning', () => {
  expect(guardDecision({ to: '/myOrder', loginRequired: true, from: '/myCourse', ...loggedIn })).toEqual({
    kind: 'reload',
  });
  expect(guardDecision({ to: '/studentsNote', loginRequired: true, from: '/myCourseCopy', ...loggedIn })).toEqual({
    kind: 'reload',
  });
  expect(guardDecision({ to: '/videoLearning', loginRequired: true, from: '/myCourse', ...loggedIn })).toEqual({
    kind: 'enter',
  });
  expect(guardDecision({ to: '/', loginRequired: false, from: '/myCourse', ...loggedIn })).toEqual({ kind: 'enter' });
  expect(guardDecision({ to: '/myCourse', loginRequired: true, from: '/myCourse', ...loggedIn })).toEqual({
    kind: 'enter',
  });
  expect(guardDecision({ to: '/myOrder', loginRequired: true, from: '/myInfo', ...loggedIn })).toEqual({
    kind: 'enter',
  });
});
