import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@yaoshi/api-server/db/database';
import type { Clock } from '@yaoshi/api-server/clock';
import type { Config } from '@yaoshi/api-server/config';
import { siteOrigin } from '@yaoshi/api-server/payment/site-origin';
import { listCategories, listPublicArticleStamps } from '@yaoshi/api-server/content/content-queries';
import { pinsDocument } from '@yaoshi/api-server/releases/registry-visitors';
import { liveShellManifest, type Environment } from '@yaoshi/api-server/releases/registry-core';
import { beijingIsoTime } from '@yaoshi/contracts/beijing-time';
import { OVERRIDE_COOKIE } from '@yaoshi/api-server/releases/release-override';
import { IP_LIMITS, hitRateLimit } from '@yaoshi/api-server/rate-limits/rate-limits';
import { robotsTxt, sitemapFile, type SitemapUrl } from './crawler-files';
import { compressedPages } from './compressed-pages';
import { escapeHtml, headTags, hydrationDataScript, pageHtml, startOnIntent } from './page-head';
import { frameQueries, readFrameFacts, reusedFrames, type FrameFacts } from './site-frame';
import type { SiteSettings } from '@yaoshi/contracts/content';
import type { QueryEntry } from '@yaoshi/contracts/hydration';
import { PUBLIC_PAGES, publicPageFacts, withinBudget, type PublicPageFacts } from './public-page-facts';

/**
 * How long a public page's data may take before the server sends the shell without it (the
 * browser then loads the page as before): a slow database never holds a visitor up longer.
 */
export const PUBLIC_PAGE_DATA_BUDGET_MS = 300;
/**
 * Public pages hold nothing of a visitor's own (no cookie is read or set, the learner's
 * header is drawn by the browser), so nginx or a CDN may keep them this long.
 */
export const PUBLIC_PAGE_MAX_AGE_S = 60;
/**
 * How long one server reuses a page's facts (the same for every visitor) before reading them
 * again: a burst of visitors on a shared article costs the database one read, not one each.
 * Far shorter than what nginx or a CDN may keep the page (PUBLIC_PAGE_MAX_AGE_S).
 */
export const PUBLIC_PAGE_FACTS_REUSE_MS = 5_000;
/** Distinct addresses kept at most (`?postid=` of every article, lists, pages); past it, the oldest go. */
const FACTS_KEPT = 2_000;
export const PUBLIC_PAGE_CACHE = `public, max-age=${PUBLIC_PAGE_MAX_AGE_S}`;
/** A page rendered with a canary version for this visitor's share. */
export const PERSONAL_PAGE_CACHE = 'private, no-cache';
export const CRAWLER_FILE_CACHE = 'public, max-age=3600';

/** What a page rendered for hydration brings besides its markup (server-render.ts). */
export interface HydrationParts {
  /** The page's queries' answers (RTK Query cache entries of the remote's endpoints). */
  queries: readonly QueryEntry[];
  /** Markup for after `#root` (/verify's answer). */
  outside: string;
}

/** What a page's markup is made of when the server renders it (see server-render.ts). */
export type PageRenderer = (
  request: FastifyRequest,
  url: URL,
  facts: PublicPageFacts,
) => Promise<
  { html: string; shared: boolean; renderMs: number; prefetch?: string[]; hydration?: HydrationParts } | undefined
>;

export interface PublicPagesDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'publicBaseUrl' | 'allowedHosts'>;
  environment: Environment;
  siteDir: string;
  /** The pinned public-content version's server rendering; without it pages carry their head only. */
  render?: PageRenderer;
  /** Default PUBLIC_PAGE_FACTS_REUSE_MS; tests that change content between two views pass 0. */
  factsReuseMs?: number;
  /** What /v1/site adds to the settings here (a staging site's fields, `siteStagingFields`). */
  siteExtras?: Partial<SiteSettings>;
}

type FactsReader = (url: URL) => Promise<PublicPageFacts | undefined>;
type FrameReader = () => Promise<FrameFacts>;
type ShellReader = () => Promise<string>;

/** The shell's index.html, read again after `reuseMs` (a new `npm run build` shows within seconds). */
function reusedShell(deps: PublicPagesDeps): ShellReader {
  const reuseMs = deps.factsReuseMs ?? PUBLIC_PAGE_FACTS_REUSE_MS;
  let kept: { at: number; html: Promise<string> } | undefined;
  return () => {
    const now = deps.clock.nowMs();
    if (!kept || now - kept.at >= reuseMs || now < kept.at) {
      kept = { at: now, html: readFile(join(deps.siteDir, 'index.html'), 'utf8') };
      kept.html.catch(() => (kept = undefined));
    }
    return kept.html;
  };
}

/**
 * `/verify?no=…`: the answer is read for each view (never reused, never kept by a shared
 * cache): a revoked certificate says so at once, and the browser's page shows this answer
 * rather than asking again (server-answer.ts in public-content).
 */
function carriesLookup(url: URL): boolean {
  return url.pathname === '/verify' && (url.searchParams.get('no') ?? '') !== '';
}

/** A page's facts by address, read once per `reuseMs` whoever asks (the read itself is shared too). */
function reusedFacts(deps: PublicPagesDeps): FactsReader {
  const reuseMs = deps.factsReuseMs ?? PUBLIC_PAGE_FACTS_REUSE_MS;
  const kept = new Map<string, { at: number; facts: Promise<PublicPageFacts | undefined> }>();
  return (url) => {
    const key = `${url.pathname}${url.search}`;
    const now = deps.clock.nowMs();
    const known = kept.get(key);
    if (known && now - known.at < reuseMs && now >= known.at) return known.facts;
    const facts = publicPageFacts(deps.db, url, deps.clock.now());
    if (reuseMs > 0 && !carriesLookup(url)) {
      if (kept.size >= FACTS_KEPT) kept.delete(kept.keys().next().value ?? '');
      kept.set(key, { at: now, facts });
      facts.catch(() => kept.delete(key));
    }
    return facts;
  };
}

/** The frame's facts (settings, navigation, friend links), the same for every page: read once per `reuseMs`. */
function reusedFrameFacts(deps: PublicPagesDeps): FrameReader {
  const reuseMs = deps.factsReuseMs ?? PUBLIC_PAGE_FACTS_REUSE_MS;
  let kept: { at: number; facts: Promise<FrameFacts> } | undefined;
  return () => {
    const now = deps.clock.nowMs();
    if (!kept || now - kept.at >= reuseMs || now < kept.at) {
      kept = { at: now, facts: readFrameFacts(deps.db, deps.clock.now(), deps.siteExtras) };
      kept.facts.catch(() => (kept = undefined));
    }
    return kept.facts;
  };
}

/**
 * The answers' JSON for a frame and a page: both objects are replaced when read or rendered
 * again (reusedFrameFacts, server-render.ts), and the JSON goes with them.
 */
function reusedAnswers(): (frame: FrameFacts, page: HydrationParts) => string {
  const kept = new WeakMap<HydrationParts, WeakMap<FrameFacts, string>>();
  return (frame, page) => {
    const byFrame = kept.get(page) ?? new WeakMap<FrameFacts, string>();
    kept.set(page, byFrame);
    const known = byFrame.get(frame);
    if (known !== undefined) return known;
    const script = hydrationDataScript([...frameQueries(frame), ...page.queries]);
    byFrame.set(frame, script);
    return script;
  };
}

/** Whether the request carries a release override (a QA browser's other versions, api/src/releases/release-override.ts). */
function hasOverride(request: FastifyRequest): boolean {
  return (request.headers.cookie ?? '').split(';').some((part) => part.trim().startsWith(`${OVERRIDE_COOKIE}=`));
}

/** The site's address for canonical links: PUBLIC_BASE_URL, else an allowed Host (development). */
function baseUrlOf(request: FastifyRequest, deps: PublicPagesDeps): string {
  try {
    return siteOrigin(request, deps.config);
  } catch {
    return 'http://localhost';
  }
}

/** Paths crawlers are kept from: every page that needs a login or sits in the student frame, the shell's account pages. */
async function privatePaths(deps: PublicPagesDeps): Promise<string[]> {
  const pins = await pinsDocument(deps.db, deps.environment, { id: undefined });
  const remotePaths = Object.values(pins).flatMap((remote) =>
    remote.routes.filter((route) => route.loginRequired || route.area !== 'public').map((route) => route.path),
  );
  return [...remotePaths, ...(liveShellManifest(deps.siteDir)?.pages ?? [])];
}

/** Every public address: the pages, each category's list, the topic pages and every published article. */
async function sitemapUrls(deps: PublicPagesDeps): Promise<SitemapUrl[]> {
  const now = deps.clock.now();
  const fixed = ['/', '/associationIntroduce', '/contactUs', '/notice', '/downloadApp', '/verify'];
  const categories = await listCategories(deps.db);
  const articles = await listPublicArticleStamps(deps.db, now);
  return [
    ...fixed.map((path) => ({ path })),
    ...categories.map((category) => ({ path: `/newsList?newsId=${category.id}` })),
    ...['education', 'credit', 'promote'].map((api) => ({ path: `/newDetail?api=${api}` })),
    ...articles.map((article) => ({
      path: `/associationNewsDetail?postid=${article.id}`,
      lastmod: beijingIsoTime(article.updatedAt > article.publishedAt ? article.updatedAt : article.publishedAt),
    })),
  ];
}

const MISSING_PAGE_TEXT = '您访问的页面不存在或已被删除。';

/**
 * `/verify?no=…` answers a certificate lookup: each view counts against the visitor's lookup
 * limit as the API's does (IP_LIMITS.certificateVerify), so server rendering opens no way
 * around it. Past the limit the page goes without the answer (the browser's lookup then says
 * how long to wait). A page with an answer is not kept by a shared cache.
 */
async function withinLookupLimit(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: PublicPagesDeps,
  facts: PublicPageFacts,
): Promise<PublicPageFacts> {
  if (facts.data.page !== 'verify' || !facts.data.result) return facts;
  // This visitor's answer of this moment: no shared cache keeps it (see carriesLookup).
  reply.header('cache-control', PERSONAL_PAGE_CACHE);
  try {
    await hitRateLimit(deps.db, deps.clock, IP_LIMITS.certificateVerify, request.ip);
    return facts;
  } catch {
    return { ...facts, data: { page: 'verify', no: facts.data.no } };
  }
}

/** What every public page view reads from: each reused for a few seconds (PUBLIC_PAGE_FACTS_REUSE_MS). */
interface PageReaders {
  /** The frame's and the page's answers as the page's JSON, kept as long as both are reused. */
  answers: (frame: FrameFacts, page: HydrationParts) => string;
  factsOf: FactsReader;
  shellOf: ShellReader;
  frameOf: FrameReader;
  frames: ReturnType<typeof reusedFrames>;
  pages: ReturnType<typeof compressedPages>;
}

async function sendPublicPage(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: PublicPagesDeps,
  readers: PageReaders,
) {
  const { factsOf, shellOf, frameOf, frames, pages } = readers;
  const shell = await shellOf();
  const url = new URL(request.url, 'http://site');
  const frameFacts = frameOf();
  const read = await withinBudget(factsOf(url), PUBLIC_PAGE_DATA_BUDGET_MS).catch((error: unknown) => {
    request.log.warn({ err: error }, 'public page facts failed: the browser renders the page');
    return undefined;
  });
  reply.header('cache-control', PUBLIC_PAGE_CACHE).type('text/html; charset=utf-8');
  const facts = read && (await withinLookupLimit(request, reply, deps, read));
  // Past the budget (or the database failing): the shell as it always was; the browser finishes.
  if (!facts) return reply.code(200).send(shell);
  // The server's own work on the page, as `Server-Timing: ssr` (the SSR benchmark reads it).
  const started = performance.now();
  const head = headTags(
    facts.head,
    baseUrlOf(request, deps),
    facts.site?.site_short_name ?? '',
    facts.site?.site_name ?? '',
  );
  if (facts.head.status === 404) {
    const body = `<main style="padding:48px 16px;text-align:center"><h1>${escapeHtml(facts.head.title)}</h1><p>${MISSING_PAGE_TEXT}</p><p><a href="/">返回首页</a></p></main>`;
    return pages.send(request, reply.code(404), pageHtml(shell, head, body));
  }
  const headMs = performance.now() - started;
  const rendered = deps.render ? await deps.render(request, url, facts) : undefined;
  // A canary's markup is this visitor's own: never kept by a shared cache for the others.
  if (rendered && !rendered.shared) reply.header('cache-control', PERSONAL_PAGE_CACHE);
  // The page inside the shell's frame, so the first paint is the page the browser later shows;
  // and the browser's site starts on the visitor's first intent (page-head.ts, startOnIntent).
  // Without the frame's facts in time the page goes as before: the browser starts at once.
  const frame = rendered && (await withinBudget(frameFacts, PUBLIC_PAGE_DATA_BUDGET_MS).catch(() => undefined));
  const injected = performance.now();
  let html = pageHtml(shell, head, rendered?.html);
  if (rendered && frame) {
    // A page rendered for hydration goes straight into the frame's <main>, as the browser's
    // page does, inside the markers of the Suspense boundary the shell's RemotePage has round it;
    // the frame's and the page's answers go with it, for the browser's store (docs/performance.md).
    const { hydration } = rendered;
    const { before, after } = frames(frame, url.pathname, url.search, hydration ? 'main' : 'div');
    const framed = hydration
      ? pageHtml(
          shell,
          head,
          `${before}<!--$-->${rendered.html}<!--/$-->${after}`,
          readers.answers(frame, hydration) + hydration.outside,
        )
      : pageHtml(shell, head, before + rendered.html + after);
    // A browser with a release override (QA) runs other versions than the pin this HTML was
    // rendered with: its site starts at once, as before, and the page is its own.
    if (hasOverride(request)) reply.header('cache-control', PERSONAL_PAGE_CACHE);
    // An article's view is counted by the page's script (no main.js needed), once per load.
    const viewOf = facts.data.page === 'article' ? facts.data.article.id : undefined;
    html = hasOverride(request) ? framed : startOnIntent(framed, rendered.prefetch, viewOf, hydration !== undefined);
  }
  const ssrMs = headMs + (rendered?.renderMs ?? 0) + (performance.now() - injected);
  return pages.send(request, reply.code(200).header('server-timing', `ssr;dur=${ssrMs.toFixed(3)}`), html);
}

/** `/robots.txt`, `/sitemap.xml` (+ `/sitemap-<n>.xml`) and the server-made HTML of the public pages. */
export async function registerPublicPages(app: FastifyInstance, deps: PublicPagesDeps): Promise<void> {
  const readers: PageReaders = {
    answers: reusedAnswers(),
    factsOf: reusedFacts(deps),
    shellOf: reusedShell(deps),
    frameOf: reusedFrameFacts(deps),
    frames: reusedFrames(),
    pages: compressedPages(deps.factsReuseMs ?? PUBLIC_PAGE_FACTS_REUSE_MS),
  };
  for (const path of Object.keys(PUBLIC_PAGES)) {
    app.get(path, (request, reply) => sendPublicPage(request, reply, deps, readers));
  }
  app.get('/robots.txt', async (request, reply) =>
    reply
      .header('cache-control', CRAWLER_FILE_CACHE)
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(baseUrlOf(request, deps), await privatePaths(deps))),
  );
  const sitemap = async (request: FastifyRequest, reply: FastifyReply, part: number) => {
    const file = sitemapFile(baseUrlOf(request, deps), await sitemapUrls(deps), part);
    if (file === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    return reply.header('cache-control', CRAWLER_FILE_CACHE).type('application/xml; charset=utf-8').send(file);
  };
  app.get('/sitemap.xml', (request, reply) => sitemap(request, reply, 0));
  app.get<{ Params: { part: string } }>('/sitemap-:part.xml', (request, reply) => {
    const part = /^[1-9]\d{0,5}$/.test(request.params.part) ? Number(request.params.part) : -1;
    return part < 0 ? reply.code(404).send('Not Found') : sitemap(request, reply, part);
  });
}
