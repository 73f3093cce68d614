import { listPlaceOf, withListPlace } from './list-place';

test('the address names the page and the search; without them, page 1 and no search', () => {
  expect(listPlaceOf(new URLSearchParams('newsId=2&page=3&keyword=%E8%8D%AF'))).toEqual({ page: 3, keyword: '药' });
  expect(listPlaceOf(new URLSearchParams('newsId=2'))).toEqual({ page: 1, keyword: '' });
  for (const bad of ['0', '-2', 'abc', '2.5', '']) expect(listPlaceOf(new URLSearchParams(`page=${bad}`)).page).toBe(1);
});

test('a place is written beside the other parameters; page 1 and an empty search leave the address bare', () => {
  const params = new URLSearchParams('newsId=2&currentNavIdx=2');
  expect(withListPlace(params, { page: 3, keyword: '' }).toString()).toBe('newsId=2&currentNavIdx=2&page=3');
  expect(withListPlace(params, { page: 2, keyword: '药' }).toString()).toBe(
    'newsId=2&currentNavIdx=2&page=2&keyword=%E8%8D%AF',
  );
  expect(withListPlace(new URLSearchParams('newsId=2&page=4&keyword=x'), { page: 1, keyword: '' }).toString()).toBe(
    'newsId=2',
  );
  expect(params.toString()).toBe('newsId=2&currentNavIdx=2');
});
