import {
  clearExamProgress,
  examProgressKey,
  openingPage,
  readExamPage,
  savedAnswersOf,
  unansweredCount,
  writeExamPage,
} from './exam-progress';
import { examArgsOf } from './exam-page';
import { submitConfirmText } from './exam-sheet';

beforeEach(() => localStorage.clear());

test('the page is kept per paper and read back, clamped to the paper; answers are not kept in the browser', () => {
  writeExamPage(localStorage, 7, 1);
  expect(readExamPage(localStorage, 7, 3)).toBe(1);
  expect(JSON.parse(localStorage.getItem(examProgressKey(7))!)).toEqual({ page: 1 });
  expect(readExamPage(localStorage, 8, 3)).toBeUndefined();
  writeExamPage(localStorage, 7, 40);
  expect(readExamPage(localStorage, 7, 3)).toBe(2);
  clearExamProgress(localStorage, 7);
  expect(localStorage.getItem(examProgressKey(7))).toBeNull();
});

test('unreadable text is no page; the older { answers, page } format keeps only its page', () => {
  localStorage.setItem(examProgressKey(7), '{not json');
  expect(readExamPage(localStorage, 7, 3)).toBeUndefined();
  localStorage.setItem(examProgressKey(7), JSON.stringify({ answers: { '11': '2' }, page: -2 }));
  expect(readExamPage(localStorage, 7, 3)).toBe(0);
});

test("the server's answers, the opening page and the unanswered count", () => {
  const questions = [
    { qid: 11, user_answer: '2' },
    { qid: 12, user_answer: '' },
    { qid: 13, user_answer: '1,3' },
  ];
  const answers = savedAnswersOf(questions);
  expect(answers).toEqual({ '11': '2', '13': '1,3' });
  expect(openingPage(undefined, questions, answers)).toBe(1);
  expect(openingPage(2, questions, answers)).toBe(2);
  expect(openingPage(undefined, questions, { ...answers, '12': '1' })).toBe(2);
  expect(unansweredCount(questions, answers)).toBe(1);
  expect(submitConfirmText(1, 3)).toContain('还有 1 题未作答');
  expect(submitConfirmText(0, 3)).toContain('3 题已全部作答');
});

test('the /exam query: pid (and look) continues or reviews, year and type start', () => {
  expect(examArgsOf(new URLSearchParams('pid=12'))).toEqual({ pid: 12 });
  expect(examArgsOf(new URLSearchParams('pid=12&look=1'))).toEqual({ pid: 12, look: 1 });
  expect(examArgsOf(new URLSearchParams('year=2025&type=2'))).toEqual({ year: 2025, type: 2 });
  expect(examArgsOf(new URLSearchParams('year=2025'))).toEqual({ year: 2025, type: 1 });
  expect(examArgsOf(new URLSearchParams('type=1'))).toBeNull();
  expect(examArgsOf(new URLSearchParams('pid=abc'))).toBeNull();
});
