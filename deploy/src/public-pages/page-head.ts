import { ARTICLE_VIEW_PATH } from '@yaoshi/contracts/article-view';
import { publicPageTitle } from '@yaoshi/ui/page-title';
import { HYDRATION_DATA_ID, type HydrationData, type QueryEntry } from '@yaoshi/contracts/hydration';

/**
 * What crawlers and link previews (WeChat, Baidu, …) read in the HTML of a public page: its
 * `<title>`, description, canonical address and Open Graph tags, written into the shell's
 * `index.html` before it is sent. Pure functions; the facts come from public-page-facts.ts.
 */

/** Link previews and search results cut a description around here; longer leads are shortened. */
export const DESCRIPTION_MAX_CHARS = 120;
/** The association's logo, the preview image of every page without a picture of its own. */
export const LOGO_PATH = '/icon-512.png';
/** What a removed, unpublished or unknown address shows crawlers and visitors (titled as in the browser). */
export { PAGE_MISSING_TITLE } from '@yaoshi/ui/page-title';

export interface PageHead {
  /** 200 for a page, 404 for an article or topic that is not (or no longer) public. */
  status: 200 | 404;
  /** The page's own name, e.g. the article's title; the association's short name is added. Empty on the home page: the association's name alone. */
  title: string;
  description: string;
  /** Root-relative canonical address: `/associationNewsDetail?postid=7`. */
  canonicalPath: string;
  /** Root-relative or absolute image for previews. */
  image: string;
  /** `article` for an article, `website` for every other page (Open Graph type). */
  kind: 'article' | 'website';
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The readable text of stored (sanitized) HTML: tags dropped, entities read, spaces collapsed. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first paragraph's text of an article (its lead), for a description without an excerpt. */
export function leadOf(html: string): string {
  const paragraph = /<p[^>]*>([\s\S]*?)<\/p>/i.exec(html);
  return textOfHtml(paragraph?.[1] ?? html);
}

/** A description no longer than DESCRIPTION_MAX_CHARS, cut with an ellipsis. */
export function shortDescription(text: string): string {
  const clean = textOfHtml(text);
  const chars = Array.from(clean);
  return chars.length <= DESCRIPTION_MAX_CHARS ? clean : `${chars.slice(0, DESCRIPTION_MAX_CHARS - 1).join('')}…`;
}

/** The first picture of stored HTML (`<img src>`), or undefined. */
export function firstImageOf(html: string): string | undefined {
  const match = /<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/i.exec(html);
  const src = match?.[1];
  return src && /^(\/[^/]|https?:\/\/)/.test(src) ? src : undefined;
}

function absolute(baseUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : new URL(pathOrUrl, baseUrl).href;
}

/** The tags that replace the shell's empty `<title></title>`. */
export function headTags(head: PageHead, baseUrl: string, shortName: string, siteName: string): string {
  // The browser's site titles the page by the same rule once it has taken over (@yaoshi/ui/page-title).
  const title = escapeHtml(publicPageTitle(head.title, { shortName, siteName }));
  const description = escapeHtml(head.description);
  const canonical = escapeHtml(absolute(baseUrl, head.canonicalPath));
  const image = escapeHtml(absolute(baseUrl, head.image));
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    head.status === 200 ? `<link rel="canonical" href="${canonical}" />` : '<meta name="robots" content="noindex" />',
    `<meta property="og:type" content="${head.kind}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:image" content="${image}" />`,
    ...(head.status === 200 ? [`<meta property="og:url" content="${canonical}" />`] : []),
    ...(siteName ? [`<meta property="og:site_name" content="${escapeHtml(siteName)}" />`] : []),
  ];
  return tags.join('\n    ');
}

const EMPTY_TITLE = /<title>[^<]*<\/title>/;
const ROOT = /<div id="root"><\/div>/;

/** A style React hoists (`<style href precedence>`, e.g. the pager's, the site button's), as renderToString writes it. */
const PRELOAD_LINK = /<link rel="preload"[^>]*>|<link as="image"[^>]*rel="preload"[^>]*>/g;
const HOISTED_STYLE = /<style data-precedence="[^"]*" data-href="([^"]*)">[\s\S]*?<\/style>/g;

/**
 * The hoisted styles of server markup moved to the head, once each. Left in `#root` they went
 * with the server's markup when the browser's site replaced it, while the browser's React,
 * finding them in the document, did not write them again: the pager and the buttons lost
 * their look at the takeover. In the head they stay, and React finds them there.
 */
export function hoistStyles(body: string): { styles: string; body: string } {
  const seen = new Set<string>();
  const styles: string[] = [];
  const rest = body
    .replace(HOISTED_STYLE, (style: string, href: string) => {
      if (!seen.has(href)) styles.push(style);
      seen.add(href);
      return '';
    })
    // React's preload of a page's first image (`fetchPriority="high"`): a head tag, which inside
    // `#root` would be a node the browser's render does not have (hydration).
    .replace(PRELOAD_LINK, (link: string) => {
      if (!seen.has(link)) styles.push(link);
      seen.add(link);
      return '';
    });
  return { styles: styles.join(''), body: rest };
}

/**
 * The shell's index.html with the page's head tags, and `body` (server-rendered markup of the
 * page, or a short text for a missing page) inside `#root`, which the browser's render replaces;
 * the styles React hoists go to the head (`hoistStyles`).
 */
export function pageHtml(shellHtml: string, head: string, body = '', after = ''): string {
  const { styles, body: markup } = hoistStyles(body);
  const withStyles = styles ? `${head}\n    ${styles}` : head;
  const withHead = EMPTY_TITLE.test(shellHtml)
    ? shellHtml.replace(EMPTY_TITLE, () => withStyles)
    : shellHtml.replace('</head>', () => `${withStyles}\n  </head>`);
  return markup ? withHead.replace(ROOT, () => `<div id="root">${markup}</div>${after}`) : withHead;
}

/**
 * The answers as JSON inside `<script type="application/json">`: nothing in it can end the
 * script early (`<`) or break a JavaScript reader (U+2028, U+2029).
 */
export function hydrationDataScript(queries: readonly QueryEntry[]): string {
  const json = JSON.stringify({ queries } satisfies HydrationData)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${HYDRATION_DATA_ID}">${json}</script>`;
}

const MAIN_SCRIPT = /<script defer(?:="defer")? src="(\/main\.[\w.-]+\.js)"><\/script>/;
/** The shell's early request for the pins (shell/public/early-pins.js), in index.html's head. */
const EARLY_PINS_SCRIPT = /<script src="(\/early-pins\.js)" async(?:="")?><\/script>/;

/**
 * A server-rendered public page starts the browser's site on the visitor's first intent, not
 * at load (docs/performance.md, "Takeover on intent"): the shell's `main.js` tag becomes
 * `site-takeover.js` (shell/public), which loads it at the first pointerdown, touchstart,
 * keydown or focusin, or at once for a signed-in visitor. `main.js` (and `prefetch`, e.g. the
 * page's remote) are prefetched after the load event (`data-prefetch`), so that the takeover
 * is quick but nothing competes with the page's own paint; the early pins request
 * (`early-pins.js`) moves from the head to the start (`data-pins`). Without the shell's main
 * script tag (a shell built otherwise) the page is left as it is.
 *
 * On an article, `viewOf` is its id: the tag also says where its view is counted
 * (`data-view`, ARTICLE_VIEW_PATH, and `data-postid`), and the script posts it once after the
 * load event, whether or not the visitor ever touches the page.
 */
export function startOnIntent(
  html: string,
  prefetch: readonly string[] = [],
  viewOf?: number,
  hydrate = false,
): string {
  const main = MAIN_SCRIPT.exec(html)?.[1];
  if (!main) return html;
  const pins = EARLY_PINS_SCRIPT.exec(html)?.[1];
  const later = [main, ...prefetch].map(escapeHtml).join(' ');
  const view =
    viewOf !== undefined && Number.isSafeInteger(viewOf) && viewOf > 0
      ? ` data-view="${ARTICLE_VIEW_PATH}" data-postid="${viewOf}"`
      : '';
  const pinsAttribute = pins ? ` data-pins="${escapeHtml(pins)}"` : '';
  return html
    .replace(EARLY_PINS_SCRIPT, '')
    .replace(
      MAIN_SCRIPT,
      () =>
        `<script defer src="/site-takeover.js" data-main="${escapeHtml(main)}"${pinsAttribute} data-prefetch="${later}"${view}${hydrate ? ' data-hydrate' : ''}></script>`,
    );
}
