import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { isQueryEntry, type QueryEntry } from '@yaoshi/contracts/hydration';
import type { ReportKind } from '@yaoshi/api-server/releases/registry-reports';
import { manifestUrl } from '@yaoshi/api-server/releases/registry-visitors';
import type { Storage } from '@yaoshi/api-server/storage/storage';
import type { HydrationParts, PageRenderer } from './public-pages';
import type { PageData, PublicPageFacts } from './public-page-facts';

/** The remote whose pages the server renders, and where its server bundle sits in a version's folder. */
export const PUBLIC_CONTENT_REMOTE = 'public-content';
export const SERVER_BUNDLE_FILE = 'server/render.cjs';
/** The contract version between this server and a server bundle (`SERVER_RENDER_API` in the bundle). */
export const SERVER_RENDER_API = 1;

type RenderedPage = Exclude<PageData, { page: 'other' }>;

/** What a server bundle exports (remotes/public-content/src/server-render/render.tsx). */
export interface ServerBundle {
  SERVER_RENDER_API: number;
  /**
   * The page kinds this bundle renders. Added with the home page and the association's pages:
   * a bundle without it (published before) renders the first four only, and is never handed
   * a kind it does not know (which it would take for a topic and throw on).
   */
  SERVER_PAGES?: readonly string[];
  renderPage(page: RenderedPage, location: string): string;
  /**
   * Added with hydration (SERVER_HYDRATION_API 1): the page's markup without its `<main>`, as
   * the browser's page draws it on its first render, and its queries' answers as the remote's
   * endpoints cache them. A bundle without it renders with `renderPage`, and the browser
   * builds its page aside and swaps it in (shell/src/federation/server-page.ts).
   */
  SERVER_HYDRATION_API?: number;
  renderForHydration?(
    page: RenderedPage,
    location: string,
  ): { html: string; queries: readonly QueryEntry[]; outside: string };
}

/** The hydration contract this server speaks (`SERVER_HYDRATION_API` in the bundle). */
export const SERVER_HYDRATION_API = 1;

function hydratable(
  bundle: ServerBundle,
): bundle is ServerBundle & Required<Pick<ServerBundle, 'renderForHydration' | 'SERVER_HYDRATION_API'>> {
  return bundle.SERVER_HYDRATION_API === SERVER_HYDRATION_API && typeof bundle.renderForHydration === 'function';
}

/** What every bundle of SERVER_RENDER_API 1 renders, whether or not it says so. */
export const FIRST_SERVER_PAGES: readonly RenderedPage['page'][] = ['article', 'list', 'topic', 'verify'];

/** Whether `bundle` renders pages of this kind. */
export function bundleRenders(bundle: Pick<ServerBundle, 'SERVER_PAGES'>, kind: RenderedPage['page']): boolean {
  const kinds = Array.isArray(bundle.SERVER_PAGES) ? bundle.SERVER_PAGES : FIRST_SERVER_PAGES;
  return kinds.includes(kind);
}

export interface ServerRenderDeps {
  /** The site folder holding `remotes/<remote>/<version>/`. */
  siteDir: string;
  /** The public-content version this visitor gets: the pin (`shared`: the same for everyone), or its canary share. */
  versionFor(request: FastifyRequest): Promise<{ version: string; shared: boolean } | undefined>;
  /** A failed load or render, reported to the release telemetry like a browser's failed remote load. */
  report(
    request: FastifyRequest,
    version: string,
    kind: Extract<ReportKind, 'load-error' | 'render-error'>,
  ): Promise<void>;
  /** Where browsers read versions' files (the bucket or its CDN with `S3_*`); default the site folder. */
  files?: Storage;
  /** Loads a bundle file (default: Node's require); tests pass their own. */
  load?: (file: string) => unknown;
}

const nodeRequire = createRequire(import.meta.url);

/**
 * What the browser's takeover of a page rendered with `version` fetches first, fetched early at
 * low priority: at the address `/remotes.json` gives browsers (the bucket's with `S3_*`).
 */
export function remoteFiles(version: string, files?: Storage): string[] {
  const manifest = manifestUrl(PUBLIC_CONTENT_REMOTE, version, files);
  return [manifest, `${manifest.slice(0, manifest.lastIndexOf('/') + 1)}remoteEntry.js`];
}

/**
 * The pages' markup from the visitor's public-content version's server bundle: a version is
 * immutable, so each bundle is loaded once and kept. A version without a server bundle (built
 * before server rendering) renders in the browser as before, and is no failure; a bundle that
 * fails to load, speaks another contract or throws gives this request the browser's rendering
 * and is reported, so a failing canary is rolled back like one that fails in browsers.
 */
export function serverRenderer(deps: ServerRenderDeps): PageRenderer {
  const load = deps.load ?? ((file: string) => nodeRequire(file) as unknown);
  const bundles = new Map<string, ServerBundle | 'failed'>();
  // A page's markup, per version, for as long as its facts are reused (public-pages.ts): the
  // facts object is replaced when they are read again, and its markup goes with it.
  const rendered = new WeakMap<PublicPageFacts, Map<string, { html: string; hydration?: HydrationParts }>>();

  const bundleOf = (version: string): ServerBundle | 'failed' | undefined => {
    const known = bundles.get(version);
    if (known) return known;
    const file = join(deps.siteDir, 'remotes', PUBLIC_CONTENT_REMOTE, version, SERVER_BUNDLE_FILE);
    if (!existsSync(file)) return undefined;
    let bundle: ServerBundle | 'failed';
    try {
      const loaded = load(file) as Partial<ServerBundle> | undefined;
      bundle =
        loaded?.SERVER_RENDER_API === SERVER_RENDER_API && typeof loaded.renderPage === 'function'
          ? (loaded as ServerBundle)
          : 'failed';
    } catch {
      bundle = 'failed';
    }
    bundles.set(version, bundle);
    return bundle;
  };

  return async (request, url, facts) => {
    if (facts.data.page === 'other') return undefined;
    const chosen = await deps.versionFor(request);
    if (!chosen) return undefined;
    const { version, shared } = chosen;
    const bundle = bundleOf(version);
    if (bundle === undefined) return undefined;
    if (bundle === 'failed') {
      request.log.warn(
        { remote: PUBLIC_CONTENT_REMOTE, version },
        'server bundle failed to load: rendered in the browser',
      );
      await deps.report(request, version, 'load-error');
      return undefined;
    }
    if (!bundleRenders(bundle, facts.data.page)) return undefined;
    const known = rendered.get(facts)?.get(version);
    if (known !== undefined) return { ...known, shared, renderMs: 0, prefetch: remoteFiles(version, deps.files) };
    try {
      const started = performance.now();
      const location = `${url.pathname}${url.search}`;
      let page: { html: string; hydration?: HydrationParts };
      if (hydratable(bundle)) {
        const { html, queries, outside } = bundle.renderForHydration(facts.data, location);
        page = {
          html,
          hydration: {
            queries: Array.isArray(queries) ? queries.filter(isQueryEntry) : [],
            outside: String(outside ?? ''),
          },
        };
      } else {
        page = { html: bundle.renderPage(facts.data, location) };
      }
      const renderMs = performance.now() - started;
      const byVersion = rendered.get(facts) ?? new Map<string, { html: string; hydration?: HydrationParts }>();
      byVersion.set(version, page);
      rendered.set(facts, byVersion);
      return { ...page, shared, renderMs, prefetch: remoteFiles(version, deps.files) };
    } catch (error) {
      request.log.warn(
        { err: error, remote: PUBLIC_CONTENT_REMOTE, version },
        'server rendering threw: rendered in the browser',
      );
      await deps.report(request, version, 'render-error');
      return undefined;
    }
  };
}
