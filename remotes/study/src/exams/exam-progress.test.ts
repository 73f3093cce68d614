import { clearExamProgress, examProgressKey, readExamProgress, writeExamProgress } from './exam-progress';
import { examArgsOf } from './exam-page';

beforeEach(() => localStorage.clear());

test('progress is kept per paper and read back', () => {
  writeExamProgress(localStorage, 7, { answers: { '11': '2', '12': '1,3' }, page: 1 });
  expect(readExamProgress(localStorage, 7, [11, 12, 13])).toEqual({ answers: { '11': '2', '12': '1,3' }, page: 1 });
  expect(readExamProgress(localStorage, 8, [11, 12, 13])).toEqual({ answers: {}, page: 0 });
  clearExamProgress(localStorage, 7);
  expect(localStorage.getItem(examProgressKey(7))).toBeNull();
});

test('answers to other questions, pages outside the paper and unreadable text are dropped', () => {
  writeExamProgress(localStorage, 7, { answers: { '11': '2', '99': '1' }, page: 40 });
  expect(readExamProgress(localStorage, 7, [11, 12])).toEqual({ answers: { '11': '2' }, page: 1 });
  localStorage.setItem(examProgressKey(7), '{not json');
  expect(readExamProgress(localStorage, 7, [11])).toEqual({ answers: {}, page: 0 });
  localStorage.setItem(examProgressKey(7), JSON.stringify({ answers: { '11': 5 }, page: -2 }));
  expect(readExamProgress(localStorage, 7, [11])).toEqual({ answers: {}, page: 0 });
});

test('the /exam query: pid (and look) continues or reviews, year and type start', () => {
  expect(examArgsOf(new URLSearchParams('pid=12'))).toEqual({ pid: 12 });
  expect(examArgsOf(new URLSearchParams('pid=12&look=1'))).toEqual({ pid: 12, look: 1 });
  expect(examArgsOf(new URLSearchParams('year=2025&type=2'))).toEqual({ year: 2025, type: 2 });
  expect(examArgsOf(new URLSearchParams('year=2025'))).toEqual({ year: 2025, type: 1 });
  expect(examArgsOf(new URLSearchParams('type=1'))).toBeNull();
  expect(examArgsOf(new URLSearchParams('pid=abc'))).toBeNull();
});
