import type { ComponentType, ReactNode } from 'react';
import { BRAND_BLUE, ERROR_TEXT_RED, MUTED_TEXT } from './section-box';

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
export const SITE_THEME = {
  // antd's secondary text (a Statistic's title) is 45 % black: 4.0:1 on white, under 4.5:1.
  // Links (and link buttons, such as 我的订单's actions) in the site's blue, not antd's
  // #1677ff (4.1:1).
  token: { colorPrimary: BRAND_BLUE, colorTextDescription: MUTED_TEXT, colorLink: BRAND_BLUE },
  components: {
    // A danger link button (取消订单) and a form field's problem in antd's red-7: #ff4d4f
    // text is 3.3:1 on white. (Inputs keep #ff4d4f borders: a border needs 3:1.)
    Button: { colorError: ERROR_TEXT_RED },
    Form: { colorError: ERROR_TEXT_RED },
    // antd draws breadcrumb links in 45 % black: 4.0:1 on white, under the 4.5:1 that text needs.
    Breadcrumb: { linkColor: MUTED_TEXT, itemColor: MUTED_TEXT, separatorColor: MUTED_TEXT },
  },
} as const;

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
