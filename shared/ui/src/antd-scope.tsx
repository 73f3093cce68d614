import type { ComponentType, ReactNode } from 'react';
import { SITE_THEME } from './tokens/site-theme';

/**
 * antd's context for the site — locale zh_CN and the site's blue — loaded when something
 * needs it rather than with every first load. antd's ConfigProvider brings its style
 * engine (cssinjs), the theme algorithm and rc-util with it (≈ 45 KB gzip); the home page,
 * the site's first load, renders no antd, so it goes without. Every antd component sits
 * inside this provider: the shell puts remote pages, the student frame and the 404 page in
 * it (`inSiteAntdScope`), and an antd part opened from the home page loads it the same way.
 * It is one module (a shared `@yaoshi/ui/` singleton from the shell), so every scope and
 * the static message/Modal holders get the same locale and theme from the one antd build.
 */
export type SiteAntdProvider = ComponentType<{ children: ReactNode }>;

/** The visitor has asked the system for less motion (prefers-reduced-motion). */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The site's theme for this visitor: without antd's animations (dialogs zooming in, drawers
 * sliding) for one who asks for less motion; they open and close at once.
 */
export function siteThemeFor(reducedMotion: boolean) {
  return reducedMotion ? { ...SITE_THEME, token: { ...SITE_THEME.token, motion: false } } : SITE_THEME;
}

let loading: Promise<SiteAntdProvider> | undefined;

async function importSiteAntd(): Promise<SiteAntdProvider> {
  const [{ default: ConfigProvider }, { default: zhCN }] = await Promise.all([
    import('antd/es/config-provider'),
    import('antd/es/locale/zh_CN'),
  ]);
  const theme = siteThemeFor(prefersReducedMotion());
  function SiteAntd({ children }: { children: ReactNode }) {
    return (
      <ConfigProvider locale={zhCN} theme={theme}>
        {children}
      </ConfigProvider>
    );
  }
  // Static message and Modal.info render outside the React tree: give them the same context.
  ConfigProvider.config({ holderRender: (children) => <SiteAntd>{children}</SiteAntd> });
  return SiteAntd;
}

/** The site's antd provider; the first call starts the download, later calls share it. */
export function loadSiteAntd(): Promise<SiteAntdProvider> {
  if (!loading) {
    const attempt = importSiteAntd();
    loading = attempt;
    // A failed download (network) may be tried again by the next page that needs it.
    attempt.catch(() => {
      if (loading === attempt) loading = undefined;
    });
  }
  return loading;
}

/**
 * `page` inside the site's antd provider, both downloaded in parallel: for lazily loaded
 * pages (`lazy(() => inSiteAntdScope(import(…)))`), so the scope costs no extra round trip.
 */
export async function inSiteAntdScope<P extends object>(
  page: Promise<ComponentType<P>>,
): Promise<{ default: ComponentType<P> }> {
  const [Page, SiteAntd] = await Promise.all([page, loadSiteAntd()]);
  function ScopedPage(props: P) {
    return (
      <SiteAntd>
        <Page {...props} />
      </SiteAntd>
    );
  }
  return { default: ScopedPage };
}
