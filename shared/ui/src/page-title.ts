import { useEffect, useSyncExternalStore } from 'react';

/**
 * A public page's document title, one rule for the server's HTML (deploy/src/public-pages,
 * what crawlers and link previews read) and the browser's site (the tab once it has taken
 * over, and after moving between pages in it): `文章标题 — 省药师协会` (issue 38: the page's
 * own name, then the association's short name). The home page is titled with the
 * association's name alone (spec 01: the default title), as is a page with no name.
 */
export function publicPageTitle(
  pageTitle: string | undefined,
  names: { shortName?: string | undefined; siteName?: string | undefined },
): string {
  const short = names.shortName || names.siteName || '';
  if (!pageTitle) return names.siteName || short;
  if (!short || pageTitle === short) return pageTitle;
  return `${pageTitle} — ${short}`;
}

/** What a removed, unpublished or unknown address is titled (the server answers it 404). */
export const PAGE_MISSING_TITLE = '页面不存在';

/**
 * The title a page has given itself (usePageTitle), read by the shell's layout, which
 * otherwise titles the page from its route (spec 02's page names). Kept in this module:
 * `@yaoshi/ui` modules are shared singletons, so a remote's page and the shell see one value.
 */
let current: string | undefined;
const listeners = new Set<() => void>();

function setPageTitle(title: string | undefined): void {
  if (title === current) return;
  current = title;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => current;

/** The document title a page has given itself, if any (for the shell's layout). */
export function usePageGivenTitle(): string | undefined {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * Gives the document a title while the calling page is shown (undefined: not yet, e.g. its
 * data is still coming); the route's title is back when the page goes.
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    setPageTitle(title);
  }, [title]);
  useEffect(() => () => setPageTitle(undefined), []);
}
