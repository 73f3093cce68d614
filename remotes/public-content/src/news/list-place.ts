import { idParam } from '../articles/categories';

/** Where a visitor is in a news list: the page and the title search, kept in the address. */
export interface ListPlace {
  page: number;
  keyword: string;
}

export const PAGE_PARAM = 'page';
export const KEYWORD_PARAM = 'keyword';

/** The place the address names: page 1 and no search unless it says otherwise (a bad page is page 1). */
export function listPlaceOf(params: URLSearchParams): ListPlace {
  return {
    page: idParam(params.get(PAGE_PARAM)) ?? 1,
    keyword: (params.get(KEYWORD_PARAM) ?? '').trim(),
  };
}

/**
 * The address's parameters for `place`, the others (newsId, currentNavIdx) kept: page 1 and
 * an empty search are left out, so the first page's address stays the header link's.
 */
export function withListPlace(params: URLSearchParams, place: ListPlace): URLSearchParams {
  const next = new URLSearchParams(params);
  if (place.page > 1) next.set(PAGE_PARAM, String(place.page));
  else next.delete(PAGE_PARAM);
  if (place.keyword) next.set(KEYWORD_PARAM, place.keyword);
  else next.delete(KEYWORD_PARAM);
  return next;
}
