import type { Category } from '@yaoshi/contracts/content';

/** spec 01 §2: category 24 is the association introduction, a page of its own. */
export const ASSOCIATION_INTRODUCTION_CATEGORY_ID = 24;
export const ASSOCIATION_INTRODUCTION_PATH = '/associationIntroduce';
export const HOME_NAV_LABEL = '首页';
/** The contact page: category 6 is kept out of the navigation bar (spec 01 §2), so the header and footer link it. */
export const CONTACT_PATH = '/contactUs';
export const CONTACT_LABEL = '联系我们';

/** spec 01 §2: the client removes category 6 from the fetched list (联系我们 is linked apart). */
export const HIDDEN_CATEGORY_ID = 6;

/** The categories the navigation bar shows: the server's, without category 6. */
export function navigableCategories(categories: readonly Category[]): Category[] {
  return categories.filter((category) => category.id !== HIDDEN_CATEGORY_ID);
}

export interface NavigationItem {
  index: number;
  label: string;
  href: string;
  categoryId: number | null;
}

/** 首页 first, then the server's categories in order, each linked to its list page. */
export function navigationItems(categories: readonly Category[]): NavigationItem[] {
  return [
    { index: 0, label: HOME_NAV_LABEL, href: '/', categoryId: null },
    ...categories.map((category, i) => {
      const index = i + 1;
      const href =
        category.id === ASSOCIATION_INTRODUCTION_CATEGORY_ID
          ? ASSOCIATION_INTRODUCTION_PATH
          : `/newsList?newsId=${category.id}&currentNavIdx=${index}`;
      return { index, label: category.name, href, categoryId: category.id };
    }),
  ];
}

function numberParam(params: URLSearchParams, name: string): number | null {
  const value = params.get(name);
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

/** Which item is highlighted for a location, or null for pages outside the navigation. */
export function activeNavigationIndex(
  pathname: string,
  search: string,
  items: readonly NavigationItem[],
): number | null {
  if (pathname === '/') return 0;
  // spec 01 says "item 1" here; a highlighted 协会动态 on the introduction page would tell the
  // visitor they are somewhere else, so the introduction's own item (category 24) is the one.
  if (pathname === ASSOCIATION_INTRODUCTION_PATH)
    return items.find((item) => item.categoryId === ASSOCIATION_INTRODUCTION_CATEGORY_ID)?.index ?? null;
  if (pathname === '/newsList' || pathname === '/associationNewsDetail') {
    const params = new URLSearchParams(search);
    // currentNavIdx (list links) / currentNavIndex (detail links) when the link carried one;
    // otherwise the item of the category, so links without an index still highlight.
    const explicit = numberParam(params, 'currentNavIdx') ?? numberParam(params, 'currentNavIndex');
    if (explicit !== null && explicit < items.length) return explicit;
    const newsId = numberParam(params, 'newsId');
    return items.find((item) => item.categoryId !== null && item.categoryId === newsId)?.index ?? null;
  }
  return null;
}
