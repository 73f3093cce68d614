import { publishedDate } from './article-title-list';

test('a publication time shows as its day, as the server wrote it (Beijing time)', () => {
  expect(publishedDate('2025-06-16 10:00:00')).toBe('2025-06-16');
  expect(publishedDate('2025-06-16')).toBe('2025-06-16');
  // Anything else is shown as it came rather than guessed at.
  expect(publishedDate('')).toBe('');
  expect(publishedDate('昨天')).toBe('昨天');
});
