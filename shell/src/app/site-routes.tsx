import { lazy, type ComponentType } from 'react';
import type { RouteEntry } from '@yaoshi/contracts/release-manifest';
import { STUDENT_PAGE_NAMES } from '@yaoshi/contracts/site-names';
import type { RemoteKey, RemotePins } from '../federation/pins';
import { pinnedRoutes } from '../federation/pins';

/**
 * The site's route table: the shell's own account pages, then every page the pinned
 * remotes' route manifests name (in the pins document). A remote adds, renames or
 * removes a page by publishing a version; the shell keeps only its own pages here.
 */
export type PageSource =
  { kind: 'shell'; Page: ComponentType } | { kind: 'remote'; remote: RemoteKey; section: string; exposed: string };

export interface SiteRoute {
  path: string;
  /**
   * `public`: the site's header and footer; `student`: inside the student-area frame too;
   * `console`: a full page of its own (the staff console: no site header, no learner guard,
   * the console checks its staff session itself).
   */
  area: RouteEntry['area'];
  source: PageSource;
  /** Document title before the association's name; absent = the name alone. */
  title?: string;
  /** The side-menu item lit on this route (spec 01: "the route's meta active value"). */
  menuPath?: string;
  /** Anonymous visitors are sent home (spec 01 §2, §6). */
  loginRequired: boolean;
  /**
   * The page renders no antd component (the public pages of public-content, where most
   * visits start), so the shell does not wrap it in antd's context and the page goes without
   * antd's engine (ConfigProvider, cssinjs, theme: ≈ 45 KB gzip, and its components'
   * chunks). An antd part it opens later brings the context itself (`inSiteAntdScope`).
   */
  withoutAntd?: true;
}

// Account pages with forms or sanitized HTML load on demand, not with the home page.
const MyInfoPage = lazy(() => import('../my-info/my-info-page').then((m) => ({ default: m.MyInfoPage })));
const StudentsNotePage = lazy(() =>
  import('../students-note/students-note-page').then((m) => ({ default: m.StudentsNotePage })),
);
const AssessmentPage = lazy(() => import('../assessment/assessment-page').then((m) => ({ default: m.AssessmentPage })));
const OnlineTeachingPage = lazy(() =>
  import('../online-teaching/online-teaching-page').then((m) => ({ default: m.OnlineTeachingPage })),
);
const AgreementPage = lazy(() => import('../agreement/agreement-page').then((m) => ({ default: m.AgreementPage })));

const shell = (Page: ComponentType): PageSource => ({ kind: 'shell', Page });

/** The account-frame pages the shell keeps (spec 01 §2: all behind login). */
export const SHELL_ROUTES: readonly SiteRoute[] = [
  {
    path: '/studentsNote',
    area: 'student',
    title: '学员须知',
    menuPath: '/studentsNote',
    loginRequired: true,
    source: shell(StudentsNotePage),
  },
  {
    path: '/myInfo',
    area: 'student',
    title: '个人信息',
    menuPath: '/myInfo',
    loginRequired: true,
    source: shell(MyInfoPage),
  },
  {
    path: '/agreement',
    area: 'student',
    title: STUDENT_PAGE_NAMES.agreement,
    menuPath: '/agreement',
    loginRequired: true,
    source: shell(AgreementPage),
  },
  {
    path: '/assessment',
    area: 'student',
    title: STUDENT_PAGE_NAMES.assessment,
    menuPath: '/assessment',
    loginRequired: true,
    source: shell(AssessmentPage),
  },
  { path: '/onlineTeaching', area: 'student', loginRequired: true, source: shell(OnlineTeachingPage) },
];

function remoteRoute(remote: RemoteKey, section: string, entry: RouteEntry): SiteRoute {
  return {
    path: entry.path,
    area: entry.area,
    title: entry.title,
    menuPath: entry.menuPath,
    loginRequired: entry.loginRequired,
    ...(entry.withoutAntd ? { withoutAntd: true as const } : {}),
    source: { kind: 'remote', remote, section, exposed: entry.exposed },
  };
}

/**
 * The shell's pages and the pinned remotes' pages. The registry refuses two remotes
 * claiming one path; should a document still carry one (or claim a shell page), the first
 * claim wins and the rest are reported, so the table never holds two routes for a path.
 */
export function siteRoutes(
  pins: RemotePins | null,
  report: (message: string) => void = (message) => console.error(message),
): SiteRoute[] {
  const routes = [...SHELL_ROUTES];
  const owner = new Map(routes.map((route) => [route.path, 'shell']));
  for (const { remote, section, route } of pinnedRoutes(pins ?? {})) {
    const claimed = owner.get(route.path);
    if (claimed) {
      report(`${remote} claims ${route.path}, which ${claimed} renders: left out`);
      continue;
    }
    owner.set(route.path, remote);
    routes.push(remoteRoute(remote, section, route));
  }
  return routes;
}
