import { CATEGORY_IDS, CATEGORY_NAMES } from '../articles/categories';

/** spec 01 §9: home lists and carousel. */
export const HOME_ASSOCIATION_NEWS_COUNT = 6;
export const HOME_TAB_LIST_COUNT = 7;
export const CAROUSEL_HEIGHT_PX = 280;

export interface HomeTab {
  categoryId: number;
  label: string;
}

const tab = (categoryId: number): HomeTab => ({ categoryId, label: CATEGORY_NAMES[categoryId] ?? '' });

/** The two tabbed lists: news / service guide, continuing education / pharmacy service. */
export const HOME_TAB_GROUPS: readonly (readonly HomeTab[])[] = [
  [tab(CATEGORY_IDS.news), tab(CATEGORY_IDS.serviceGuide)],
  [tab(CATEGORY_IDS.continuingEducation), tab(CATEGORY_IDS.pharmacyService)],
];
