import type { RouteEntry } from '@yaoshi/contracts/release-manifest';
import { STUDENT_PAGE_NAMES } from '@yaoshi/contracts/site-names';

/**
 * This remote's pages, as the shell routes them (its route manifest, written into
 * `release-manifest.json` by the build). Titles and menu items are spec 02's.
 */
export const SECTION = '选课报名';

export const ROUTES: RouteEntry[] = [
  {
    path: '/signStudy',
    area: 'student',
    title: STUDENT_PAGE_NAMES.signStudy,
    menuPath: '/signStudy',
    exposed: 'SignStudy',
    loginRequired: true,
  },
  {
    path: '/publicSignStudy',
    area: 'student',
    title: STUDENT_PAGE_NAMES.publicSignStudy,
    menuPath: '/publicSignStudy',
    exposed: 'PublicSignStudy',
    loginRequired: true,
  },
  { path: '/pay', area: 'student', title: '报名学习', menuPath: '/signStudy', exposed: 'Pay', loginRequired: true },
];
