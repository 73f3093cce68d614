import { CATEGORY_IDS, CATEGORY_NAMES } from '../articles/categories';

/** spec 01 §9: home lists and carousel. */
export const HOME_ASSOCIATION_NEWS_COUNT = 6;
export const HOME_TAB_LIST_COUNT = 7;
export const CAROUSEL_HEIGHT_PX = 280;
export const SLIDE_INTERVAL_MS = 5000;

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

/** A quick link leads off the site when it is an address rather than a page of ours (spec 01 §1: the national registration site). */
export function isExternalLink(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** The student centre the education banner leads to when logged in. */
export const STUDENT_CENTRE_PATH = '/studentsNote';
export const LOGIN_FIRST_TEXT = '您还未登录，请先登录';
