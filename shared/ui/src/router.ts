/**
 * The react-router API the site uses, and only that. This module is what the shell shares
 * (a `@yaoshi/ui/` singleton), not react-router itself: a shared module is built whole
 * (its consumers are unknown at build time), so sharing `react-router-dom` shipped all of
 * it — server rendering, cookies, forms, fetchers — to every first load. Re-exporting a
 * short list lets the shell's build drop the rest, while there is still one router (one
 * set of contexts) on the page. Code that needs another export adds it here; importing
 * react-router directly fails the build (rspack.config.base.ts), because a second copy
 * would carry second contexts. Tests may render with react-router's own MemoryRouter.
 *
 * The site uses the declarative router (`BrowserRouter` with route objects rendered by
 * `useRoutes`), not the data router (`createBrowserRouter`, loaders, `useMatches`): the
 * login guard needs no loader (shell/src/route-guard/), and the data router's code was
 * about 17 KB gzip more on every first load.
 */
export {
  BrowserRouter,
  Link,
  Outlet,
  matchRoutes,
  useLocation,
  useNavigate,
  useRoutes,
  useSearchParams,
} from 'react-router';
export type { Location, NavigateFunction, RouteObject } from 'react-router';
