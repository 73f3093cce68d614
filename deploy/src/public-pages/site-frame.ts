import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Category, FriendLink, SiteSettings } from '@yaoshi/contracts/content';
import { FRAME_ENDPOINTS, type QueryEntry } from '@yaoshi/contracts/hydration';
import { beijingYearOf } from '@yaoshi/contracts/beijing-time';
import type { Database } from '@yaoshi/api-server/db/database';
import { listCategories, listFriendLinks, readSiteSettings } from '@yaoshi/api-server/content/content-queries';
import { SiteFooterView, SiteFrame, SiteHeaderView, SidePanelView, StagingBannerView } from '@yaoshi/ui/site-frame';
import { activeNavigationIndex, navigableCategories, navigationItems } from '@yaoshi/ui/navigation-items';

/**
 * The shell's frame (header with the association's name and navigation, footer, 服务热线 panel)
 * round a public page's server markup, drawn here by the server with the shell's own
 * components (`@yaoshi/ui/site-frame`, the ones the browser's SiteLayout draws) from the same
 * facts the API gives the browser. Rendered by this server, not by public-content's server
 * bundle: the frame is the shell's, and the shell is released with this server; the page
 * inside it stays the pinned public-content version's (docs/architecture.md).
 */
export interface FrameFacts {
  site: SiteSettings | null;
  /** The navigation's categories (without category 6, as the browser's query keeps them). */
  categories: Category[];
  links: FriendLink[];
  /** The copyright year, in Beijing time. */
  year: number;
}

/**
 * `extras`: what /v1/site adds to the settings on this server (a staging site's fields,
 * `siteStagingFields`), so the frame and the browser's settings are the API's.
 */
export async function readFrameFacts(db: Database, now: Date, extras: Partial<SiteSettings> = {}): Promise<FrameFacts> {
  const [site, categories, links] = await Promise.all([readSiteSettings(db), listCategories(db), listFriendLinks(db)]);
  return {
    site: site && { ...site, ...extras },
    categories: navigableCategories(categories),
    links,
    year: beijingYearOf(now),
  };
}

/**
 * The frame's answers as the shell's endpoints cache them (site-settings-api.ts, the shell's
 * site-content-api.ts), for hydration: the browser's header, footer and side panel draw their
 * first render with them, as the server drew the frame.
 */
export function frameQueries(facts: FrameFacts): QueryEntry[] {
  return [
    ...(facts.site ? [{ endpointName: FRAME_ENDPOINTS.siteSettings, arg: undefined, value: facts.site }] : []),
    { endpointName: FRAME_ENDPOINTS.navigationCategories, arg: undefined, value: facts.categories },
    { endpointName: FRAME_ENDPOINTS.friendLinks, arg: undefined, value: facts.links },
  ];
}

const PAGE_MARK = '@@yaoshi-page@@';

/**
 * The frame's markup before and after the page, for a location (only the highlighted item
 * depends on it). `contentAs` 'main': the page's markup goes straight into the frame's `<main>`,
 * as the browser's does (hydration); 'div': round a page that brings its own `<main>`.
 */
export function frameMarkup(
  facts: FrameFacts,
  pathname: string,
  search: string,
  contentAs: 'main' | 'div' = 'div',
): { before: string; after: string } {
  const site = facts.site ?? undefined;
  const html = renderToString(
    createElement(SiteFrame, {
      contentAs,
      banner: createElement(StagingBannerView, { settings: site }),
      header: createElement(SiteHeaderView, {
        siteName: site?.site_name,
        categories: facts.categories,
        pathname,
        search,
      }),
      footer: createElement(SiteFooterView, { settings: site, links: facts.links, year: facts.year }),
      sidePanel: site ? createElement(SidePanelView, { site }) : null,
      children: PAGE_MARK,
    }),
  );
  const at = html.indexOf(PAGE_MARK);
  if (at < 0) throw new Error('the frame lost its page mark');
  return { before: html.slice(0, at), after: html.slice(at + PAGE_MARK.length) };
}

/**
 * A frame drawer that keeps each highlighted item's markup for one facts object (facts are
 * replaced when read again, public-pages.ts): drawing costs once per item per reuse period.
 */
export function reusedFrames(): (
  facts: FrameFacts,
  pathname: string,
  search: string,
  contentAs?: 'main' | 'div',
) => { before: string; after: string } {
  const kept = new WeakMap<FrameFacts, Map<string, { before: string; after: string }>>();
  return (facts, pathname, search, contentAs = 'div') => {
    const active = activeNavigationIndex(pathname, search, navigationItems(facts.categories));
    const key = `${contentAs}:${active ?? ''}`;
    const byActive = kept.get(facts) ?? new Map<string, { before: string; after: string }>();
    kept.set(facts, byActive);
    const known = byActive.get(key);
    if (known) return known;
    const markup = frameMarkup(facts, pathname, search, contentAs);
    byActive.set(key, markup);
    return markup;
  };
}
