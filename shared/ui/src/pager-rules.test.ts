import { jumpTarget, pageCount, pagerItems } from './pager-rules';

test('a few pages are all shown', () => {
  expect(pagerItems(1, 1)).toEqual([1]);
  expect(pagerItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
});

test('many pages: the ends, two either side of the current page, and a jump over each gap', () => {
  expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'jump-forward', 20]);
  expect(pagerItems(3, 20)).toEqual([1, 2, 3, 4, 5, 'jump-forward', 20]);
  expect(pagerItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'jump-forward', 20]);
  expect(pagerItems(5, 20)).toEqual([1, 'jump-back', 3, 4, 5, 6, 7, 'jump-forward', 20]);
  expect(pagerItems(10, 20)).toEqual([1, 'jump-back', 8, 9, 10, 11, 12, 'jump-forward', 20]);
  expect(pagerItems(18, 20)).toEqual([1, 'jump-back', 16, 17, 18, 19, 20]);
  expect(pagerItems(20, 20)).toEqual([1, 'jump-back', 16, 17, 18, 19, 20]);
});

test('a jump moves five pages and stops at the ends; the page count rounds up', () => {
  expect(jumpTarget('jump-forward', 3, 20)).toBe(8);
  expect(jumpTarget('jump-forward', 18, 20)).toBe(20);
  expect(jumpTarget('jump-back', 3, 20)).toBe(1);
  expect(pageCount(23, 10)).toBe(3);
  expect(pageCount(0, 10)).toBe(1);
});
