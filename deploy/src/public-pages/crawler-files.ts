import { API_PREFIX } from '@yaoshi/contracts/route';

/**
 * `robots.txt` and `sitemap.xml` as text, from lists the server reads from the database.
 * Pure functions: the protocol's limits are here, the reads in public-pages.ts.
 */

/** sitemaps.org: at most 50,000 URLs per sitemap file; beyond, an index of files. */
export const SITEMAP_MAX_URLS = 50_000;
/** Paths crawlers must never walk, whatever the registry serves: the API, the console, development pages. */
export const ALWAYS_DISALLOWED = [API_PREFIX, '/admin', '/dev/', '/remotes/'] as const;

export interface SitemapUrl {
  /** Root-relative: `/associationNewsDetail?postid=7`. */
  path: string;
  /** The last change, ISO 8601 (W3C datetime). */
  lastmod?: string;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Learner and staff pages (login required, the student frame, the shell's account pages) and the API. */
export function robotsTxt(baseUrl: string, privatePaths: readonly string[]): string {
  const disallowed = [...new Set([...privatePaths, ...ALWAYS_DISALLOWED])].sort();
  return [
    'User-agent: *',
    ...disallowed.map((path) => `Disallow: ${path.endsWith('/*') ? path.slice(0, -1) : path}`),
    'Allow: /',
    '',
    `Sitemap: ${new URL('/sitemap.xml', baseUrl).href}`,
    '',
  ].join('\n');
}

/** How many files the sitemap takes: 1 (sitemap.xml is the urlset itself) or n (sitemap.xml is an index). */
export function sitemapFileCount(urlCount: number): number {
  return Math.max(1, Math.ceil(urlCount / SITEMAP_MAX_URLS));
}

/** `sitemap-<n>.xml`, n from 1, when the URLs need more than one file. */
export function sitemapPartPath(n: number): string {
  return `/sitemap-${n}.xml`;
}

export function urlset(baseUrl: string, urls: readonly SitemapUrl[]): string {
  const entries = urls.map((url) => {
    const loc = `<loc>${escapeXml(new URL(url.path, baseUrl).href)}</loc>`;
    return `<url>${loc}${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}</url>`;
  });
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${entries.join('\n')}\n</urlset>\n`;
}

export function sitemapIndex(baseUrl: string, parts: readonly { lastmod?: string | undefined }[]): string {
  const entries = parts.map((part, index) => {
    const loc = `<loc>${escapeXml(new URL(sitemapPartPath(index + 1), baseUrl).href)}</loc>`;
    return `<sitemap>${loc}${part.lastmod ? `<lastmod>${part.lastmod}</lastmod>` : ''}</sitemap>`;
  });
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** The newest of the URLs' changes (ISO strings of one format compare as text). */
export function newestOf(urls: readonly SitemapUrl[]): string | undefined {
  return urls.reduce<string | undefined>(
    (max, url) => (url.lastmod && (!max || url.lastmod > max) ? url.lastmod : max),
    undefined,
  );
}

/**
 * The answer for `/sitemap.xml` (part 0) or `/sitemap-<n>.xml`: a urlset when everything fits
 * one file, else the index and its parts of SITEMAP_MAX_URLS each; undefined for a part that
 * does not exist.
 */
export function sitemapFile(baseUrl: string, urls: readonly SitemapUrl[], part: number): string | undefined {
  const files = sitemapFileCount(urls.length);
  if (part === 0) {
    if (files === 1) return urlset(baseUrl, urls);
    const parts = Array.from({ length: files }, (_, i) => ({
      lastmod: newestOf(urls.slice(i * SITEMAP_MAX_URLS, (i + 1) * SITEMAP_MAX_URLS)),
    }));
    return sitemapIndex(baseUrl, parts);
  }
  if (files === 1 || part > files) return undefined;
  return urlset(baseUrl, urls.slice((part - 1) * SITEMAP_MAX_URLS, part * SITEMAP_MAX_URLS));
}
