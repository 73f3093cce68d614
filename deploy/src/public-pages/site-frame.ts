import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Category, FriendLink, SiteSettings } from '@yaoshi/contracts/content';
import { beijingYearOf } from '@yaoshi/contracts/beijing-time';
import type { Database } from '@yaoshi/api-server/db/database';
import { listCategories, listFriendLinks, readSiteSettings } from '@yaoshi/api-server/content/content-queries';
import { SiteFooterView, SiteFrame, SiteHeaderView, SidePanelView } from '@yaoshi/ui/site-frame';
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

export async function readFrameFacts(db: Database, now: Date): Promise<FrameFacts> {
  const [site, categories, links] = await Promise.all([readSiteSettings(db), listCategories(db), listFriendLinks(db)]);
  return { site, categories: navigableCategories(categories), links, year: beijingYearOf(now) };
}

const PAGE_MARK = '@@yaoshi-page@@';

/** The frame's markup before and after the page, for a location (only the highlighted item depends on it). */
export function frameMarkup(facts: FrameFacts, pathname: string, search: string): { before: string; after: string } {
  const site = facts.site ?? undefined;
  const html = renderToString(
    createElement(SiteFrame, {
      contentAs: 'div',
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
) => { before: string; after: string } {
  const kept = new WeakMap<FrameFacts, Map<number | null, { before: string; after: string }>>();
  return (facts, pathname, search) => {
    const active = activeNavigationIndex(pathname, search, navigationItems(facts.categories));
    const byActive = kept.get(facts) ?? new Map<number | null, { before: string; after: string }>();
    kept.set(facts, byActive);
    const known = byActive.get(active);
    if (known) return known;
    const markup = frameMarkup(facts, pathname, search);
    byActive.set(active, markup);
    return markup;
  };
}
