import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, type NavigateFunction } from '@yaoshi/ui/router';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { configureApiClient } from '@yaoshi/api-client/api-config';
import { DEFAULT_APP_ID, DEVELOPMENT_SIGN_SECRET } from '@yaoshi/envelope/envelope';
import { loadSiteAntd } from '@yaoshi/ui/antd-scope';
import { firstPageRoute } from './app/first-page';
import { LendRouter, SiteRoutes, type RouterAccess } from './app/router';
import { SiteProviders, loadLoginPanel } from './app/site-providers';
import { siteRoutes } from './app/site-routes';
import { createSiteStore } from './app/store';
import { fetchPins, takeEarlyPinsRequest } from './federation/pins';
import { ReleaseOverrideBanner } from './federation/release-override-banner';
import { browserLoadReporter } from './federation/release-telemetry';
import { createRemoteRegistry } from './federation/remote-registry';
import { firstPageShown, revealWhenReady, serverPageHandover } from './federation/server-page';
import { serverHydrationData, type HydrationOutcome } from './federation/hydration';
import { announceTyped } from './federation/carry-over';
import { seedAnswers } from '@yaoshi/api-client/hydration-seed';
import type { QueryEntry } from '@yaoshi/contracts/hydration';

const store = createSiteStore();
// The router's navigate, once it has rendered (LendRouter): the API client can send the
// visitor somewhere from outside React, e.g. home when the session has expired.
let navigate: NavigateFunction | undefined;
const lendRouter = (router: RouterAccess) => {
  navigate = router.navigate;
};
// Build-time settings (DefinePlugin); empty means "use the default".
configureApiClient({
  appId: process.env.API_SIGN_APP_ID || DEFAULT_APP_ID,
  secret: process.env.API_SIGN_SECRET || DEVELOPMENT_SIGN_SECRET,
  baseUrl: process.env.API_BASE_URL || '',
  navigate: (path) => void navigate?.(path),
});

const reporter = browserLoadReporter();
const registry = createRemoteRegistry({
  fetchPins: () => fetchPins(fetch, takeEarlyPinsRequest()),
  runtime: { loadRemote, registerRemotes },
  onOutcome: (remote, version, kind) => reporter.count(remote, version, kind),
});

/**
 * The routes are built from the pinned remotes' route manifests, so they wait for the pins
 * document — which index.html asked for while this script downloaded. As soon as it is in,
 * the first page's remote and antd's context start downloading while React starts; the
 * route's own load then finds them in the federation runtime's and the module's caches. A
 * failure here is met again, and shown, by the route itself.
 */
async function start(): Promise<void> {
  const pins = await registry.ensurePins().catch(() => null);
  const firstPage = firstPageRoute(
    siteRoutes(pins, () => undefined),
    window.location.pathname,
    store.getState().session.isLogin,
  );
  if (firstPage?.source.kind === 'remote')
    void registry.load(firstPage.source.remote, firstPage.source.exposed).catch(() => undefined);
  if (firstPage && !firstPage.withoutAntd) void loadSiteAntd().catch(() => undefined);
  // The home page places the shell's login box: fetch its code alongside the page's.
  if (firstPage?.path === '/') void loadLoginPanel().catch(() => undefined);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const site = (
    <SiteProviders store={store} registry={registry}>
      <ReleaseOverrideBanner pins={pins} />
      <BrowserRouter>
        <LendRouter to={lendRouter} />
        <SiteRoutes store={store} pins={pins} />
      </BrowserRouter>
    </SiteProviders>
  );
  // A page the server rendered for hydration (and a site with no release override, whose
  // banner the server does not draw): its module first, so its first render is the page.
  const answers = serverHydrationData(document);
  const overridden = Object.values(pins ?? {}).some((pin) => pin.via === 'override');
  if (answers && container.firstElementChild && firstPage?.source.kind === 'remote' && !overridden) {
    const { remote, exposed } = firstPage.source;
    const module = await registry.load(remote, exposed).catch(() => undefined);
    if (module && registry.loaded(remote, exposed)) return hydrate(container, site, answers);
  }
  // A public page's server HTML stays shown until the browser's page has its data (server-page.ts).
  const handover = serverPageHandover(container);
  if (handover.fromServer) revealWhenReady(handover, firstPageShown(), store);
  const root = createRoot(handover.target);
  // Under the server's HTML nobody waits for this render: as a transition React renders it in
  // slices that leave the main thread free between them (taps, scrolling), rather than in one
  // long task; without server HTML the site renders at once, as before.
  if (handover.fromServer) startTransition(() => root.render(site));
  else root.render(site);
}

/**
 * Hydrates the server's page (federation/hydration.ts): its answers into the store, then React
 * adopts the server's nodes. What was done on the page meanwhile is passed on once the page has
 * hydrated: text typed into its fields, and a button pressed before this script ran.
 */
function hydrate(container: HTMLElement, site: ReactNode, answers: QueryEntry[]): void {
  // The answers in the store, each held until the page has hydrated (seedAnswers).
  const answered = seedAnswers(store.dispatch, answers);
  const outcome: HydrationOutcome = { state: 'hydrating', errors: [] };
  window.__yaoshiHydration = outcome;
  const pressed = window.__yaoshiPressed;
  hydrateRoot(container, site, {
    onRecoverableError(error) {
      // A mismatch: React draws that part again in the browser (the page stays right); counted for support and tests.
      outcome.state = 'recovered';
      outcome.errors.push(error instanceof Error ? error.message : String(error));
      console.warn('hydration recovered by drawing again', error);
    },
  });
  void firstPageShown().then(() => {
    answered.release();
    if (outcome.state === 'hydrating') outcome.state = 'hydrated';
    // Says the page is the browser's now (tests and support tell it from the server's by it; server-page.ts marks its swap alike).
    container.setAttribute('data-browser-site', outcome.state);
    announceTyped(container);
    if (pressed?.isConnected && container.contains(pressed)) pressed.click();
  });
}

void start();
