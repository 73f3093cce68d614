/**
 * Which page buttons the list pager shows, as antd's Pagination did: every page when there
 * are few, otherwise the first and last, two either side of the current one, and a jump of
 * five pages over each gap.
 */
export type PagerItem = number | 'jump-back' | 'jump-forward';

/** Pages shown either side of the current one. */
const BUFFER = 2;
/** How far a jump over a gap moves. */
export const PAGER_JUMP = 5;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function pagerItems(current: number, pages: number): PagerItem[] {
  if (pages <= 3 + BUFFER * 2) return Array.from({ length: pages }, (_, i) => i + 1);
  let left = Math.max(1, current - BUFFER);
  let right = Math.min(pages, current + BUFFER);
  if (current - 1 <= BUFFER) right = 1 + BUFFER * 2;
  if (pages - current <= BUFFER) left = pages - BUFFER * 2;
  const items: PagerItem[] = [];
  for (let page = left; page <= right; page += 1) items.push(page);
  if (current - 1 >= BUFFER * 2 && current !== 1 + 2) items.unshift('jump-back');
  if (pages - current >= BUFFER * 2 && current !== pages - 2) items.push('jump-forward');
  if (left !== 1) items.unshift(1);
  if (right !== pages) items.push(pages);
  return items;
}

/** The page a jump lands on, never past either end. */
export function jumpTarget(item: 'jump-back' | 'jump-forward', current: number, pages: number): number {
  return item === 'jump-back' ? Math.max(1, current - PAGER_JUMP) : Math.min(pages, current + PAGER_JUMP);
}
