/** Article categories of spec 01 §2 (news list page), by the ids the server uses. */
export const CATEGORY_IDS = {
  associationNews: 1,
  serviceGuide: 2,
  continuingEducation: 3,
  news: 4,
  pharmacyService: 5,
  partyWork: 21,
  memberStyle: 22,
} as const;

export const CATEGORY_NAMES: Record<number, string> = {
  [CATEGORY_IDS.associationNews]: '协会动态',
  [CATEGORY_IDS.serviceGuide]: '办事指南',
  [CATEGORY_IDS.continuingEducation]: '继续教育',
  [CATEGORY_IDS.news]: '新闻资讯',
  [CATEGORY_IDS.pharmacyService]: '药学服务',
  [CATEGORY_IDS.partyWork]: '党群工作',
  [CATEGORY_IDS.memberStyle]: '会员风采',
};

/** The paginated list of one category (the header works out which item to highlight). */
export function newsListHref(categoryId: number): string {
  return `/newsList?newsId=${categoryId}`;
}

export function articleHref(articleId: number, categoryId: number): string {
  return `/associationNewsDetail?postid=${articleId}&newsId=${categoryId}`;
}

/** spec 01 §2, §9: list pages show 10 a page, the association-news list 15. */
export const LIST_PAGE_SIZE = 10;
export const ASSOCIATION_NEWS_PAGE_SIZE = 15;

export function listPageSize(categoryId: number): number {
  return categoryId === CATEGORY_IDS.associationNews ? ASSOCIATION_NEWS_PAGE_SIZE : LIST_PAGE_SIZE;
}

/** A positive whole number from a query parameter, or null. */
export function idParam(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}
