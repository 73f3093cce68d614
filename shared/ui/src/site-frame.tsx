/** @jsxRuntime automatic */
// (The pragma: the deploy server renders this file through tsx, whose JSX default is not React's automatic runtime.)
import { useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import type { Category, FriendLink, SiteSettings } from '@yaoshi/contracts/content';
import { supportPhonesOf } from '@yaoshi/contracts/site-rules';
import { stagingBannerText } from '@yaoshi/contracts/staging';
import { tokens } from './site-tokens';
import { activeNavigationIndex, CONTACT_LABEL, CONTACT_PATH, navigationItems } from './navigation-items';

/**
 * The site's frame around every page: header with the association's name and the navigation,
 * footer, the 服务热线 side panel. Presentational (props in, no store, no router): the shell
 * draws it from its queries (shell/src/site-layout), and the server draws the same components
 * around a public page's server markup from the same facts (deploy/src/public-pages/site-frame.ts),
 * so the server's first paint is the page the browser later shows.
 */

export interface FrameLinkProps {
  to: string;
  style?: CSSProperties;
  'aria-current'?: 'page' | undefined;
  children: ReactNode;
}
/** How the frame links: the router's `Link` in the browser, a plain `<a href>` on the server. */
export type FrameLink = ComponentType<FrameLinkProps>;

export function PlainLink({ to, children, ...rest }: FrameLinkProps) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}

export const ICP_LOOKUP_URL = 'https://beian.miit.gov.cn/';

/**
 * Above the home page's floating advertisement (z-index 900, public-content's
 * floating-advertisement.tsx), which would otherwise drift over the open panel and hide the
 * phone numbers; below antd's dialogs and messages (1000 and up).
 */
export const SIDE_PANEL_Z_INDEX = 950;

/** Association name and the navigation bar. Without settings it still offers 首页. */
export function SiteHeaderView({
  siteName,
  categories,
  pathname,
  search,
  Link = PlainLink,
}: {
  siteName: string | undefined;
  categories: readonly Category[];
  pathname: string;
  search: string;
  Link?: FrameLink | undefined;
}) {
  const items = navigationItems(categories);
  const active = activeNavigationIndex(pathname, search, items);
  return (
    <header>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 16,
          maxWidth: 1200,
          margin: '0 auto',
          padding: '20px 16px',
          boxSizing: 'border-box',
        }}
      >
        <Link to="/" style={{ color: tokens.colorPrimary, fontSize: 26, fontWeight: 600 }}>
          {siteName ?? '\u00a0'}
        </Link>
        {/* spec 01 keeps category 6 (联系我们) out of the navigation bar; the page is linked here instead. */}
        <Link to={CONTACT_PATH} style={{ fontSize: 14 }}>
          {CONTACT_LABEL}
        </Link>
      </div>
      {/* Plain links rather than antd's Menu (rc-menu, overflow, trigger): this bar is on every first load. */}
      {/* Under 768 px the bar is one row that scrolls sideways (`.site-nav` in index.html), not three rows. */}
      <nav aria-label="主导航" style={{ background: tokens.colorPrimary }}>
        <ul
          className="site-nav"
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            maxWidth: 1200,
            margin: '0 auto',
            padding: '0 4px',
            listStyle: 'none',
            boxSizing: 'border-box',
          }}
        >
          {items.map((item) => {
            const current = item.index === active;
            return (
              <li key={item.index}>
                <Link
                  to={item.href}
                  aria-current={current ? 'page' : undefined}
                  style={{
                    display: 'block',
                    padding: '0 20px',
                    lineHeight: '46px',
                    fontSize: 16,
                    color: tokens.colorTextLightSolid,
                    background: current ? tokens.colorBgVeil : 'transparent',
                    textDecoration: 'none',
                  }}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}

/** Friend links, the WeChat QR code, owner, address, postcode, copyright year, ICP number. */
export function SiteFooterView({
  settings,
  links,
  year,
  Link = PlainLink,
}: {
  settings: SiteSettings | undefined;
  links: readonly FriendLink[];
  year: number;
  Link?: FrameLink | undefined;
}) {
  return (
    <footer
      style={{ background: tokens.colorBgMuted, marginTop: 32, padding: '24px 0', color: tokens.colorTextDescription }}
    >
      <div style={{ maxWidth: 1200, margin: '0 auto', padding: '0 16px', boxSizing: 'border-box' }}>
        {links.length > 0 && (
          <nav aria-label="友情链接">
            <span style={{ marginRight: 12, fontWeight: 600 }}>友情链接：</span>
            {/* Plain links with a rule between them (the footer is on every first load: no antd). */}
            <ul
              className="site-friend-links"
              style={{ display: 'inline-flex', flexWrap: 'wrap', margin: 0, padding: 0, listStyle: 'none', rowGap: 4 }}
            >
              {links.map((link, index) => (
                <li
                  key={link.url}
                  style={{
                    padding: '0 8px',
                    borderLeft: index > 0 ? `1px solid ${tokens.colorBorder}` : 'none',
                    lineHeight: 1.2,
                  }}
                >
                  <a href={link.url} target={link.target || '_blank'} rel="noreferrer">
                    {link.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {settings && (
          <div style={{ display: 'flex', gap: 24, alignItems: 'center', marginTop: 16 }}>
            {settings.site_wechat_qrcode && (
              <figure style={{ margin: 0, textAlign: 'center' }}>
                <img src={settings.site_wechat_qrcode} alt="微信公众号二维码" width={96} height={96} loading="lazy" />
                <figcaption style={{ fontSize: 12 }}>微信公众号</figcaption>
              </figure>
            )}
            <div style={{ lineHeight: 2 }}>
              <div>主办单位：{settings.site_owner}</div>
              <div>
                {/* The ideographic spaces as strings: the server's JSX (esbuild, through tsx) trims one
                    ending a line, the browser's (SWC) keeps it, and the footer differed before and after the takeover. */}
                地址：{settings.site_address}
                {'　'}邮编：{settings.site_code}
                {'　'}
                {/* Underlined like the ICP link: in a line of text a link must not rely on colour alone. */}
                <Link to={CONTACT_PATH} style={{ textDecoration: 'underline' }}>
                  {CONTACT_LABEL}
                </Link>
              </div>
              <div>
                Copyright © {year} {settings.site_name}
                {'　'}
                <a href={ICP_LOOKUP_URL} target="_blank" rel="noreferrer" style={{ textDecoration: 'underline' }}>
                  {settings.site_icp}
                </a>
              </div>
              {settings.site_footer_lines.map((line) => (
                <div key={line}>{line}</div>
              ))}
            </div>
          </div>
        )}
      </div>
    </footer>
  );
}

/**
 * The hover side panel (spec 01 §1): a tab on the right edge that opens, on hover or
 * keyboard focus, to the supervision phone, the support phones, the staff WeChat QR and
 * the working hours from the site settings.
 */
/** `Node.contains`, typed here: the server's type check (deploy) has no DOM library. */
interface Containing {
  contains(other: unknown): boolean;
}

export function SidePanelView({ site }: { site: SiteSettings }) {
  const [open, setOpen] = useState(false);
  const supportPhones = supportPhonesOf(site);
  return (
    <aside
      aria-label="服务热线"
      // Under 768 px it leaves the screen's edge for the page's end (`.site-side-panel` in index.html): a fixed tab there covered buttons.
      className="site-side-panel"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={(event) => {
        if (!(event.currentTarget as unknown as Containing).contains(event.relatedTarget)) setOpen(false);
      }}
      style={{
        position: 'fixed',
        right: 0,
        top: '40%',
        zIndex: SIDE_PANEL_Z_INDEX,
        display: 'flex',
        alignItems: 'flex-start',
      }}
    >
      <button
        type="button"
        className="site-side-tab"
        aria-expanded={open}
        aria-controls="site-side-panel"
        onClick={() => setOpen((value) => !value)}
        style={{
          width: 40,
          padding: '12px 8px',
          border: 'none',
          borderRadius: '6px 0 0 6px',
          background: tokens.colorPrimary,
          color: tokens.colorTextLightSolid,
          fontSize: 15,
          lineHeight: 1.3,
          cursor: 'pointer',
          writingMode: 'vertical-rl',
        }}
      >
        服务热线
      </button>
      <div
        id="site-side-panel"
        hidden={!open}
        style={{
          width: 220,
          padding: '12px 16px',
          background: tokens.colorBgContainer,
          border: `1px solid ${tokens.colorPrimary}`,
          boxShadow: tokens.boxShadowFloat,
          fontSize: 14,
          lineHeight: 1.8,
          color: tokens.colorText,
        }}
      >
        <div style={{ fontWeight: 600 }}>监督电话</div>
        <div>{site.site_supervision_phone}</div>
        <div style={{ fontWeight: 600, marginTop: 6 }}>服务电话</div>
        {supportPhones.map((phone) => (
          <div key={phone}>{phone}</div>
        ))}
        <div style={{ fontWeight: 600, marginTop: 6 }}>工作时间</div>
        <div>{site.site_work_time_am}</div>
        <div>{site.site_work_time_pm}</div>
        {site.site_staff_qrcode && (
          <figure style={{ margin: '8px 0 0', textAlign: 'center' }}>
            <img src={site.site_staff_qrcode} alt="客服微信二维码" width={120} height={120} loading="lazy" />
            <figcaption style={{ fontSize: 12 }}>扫码添加客服微信</figcaption>
          </figure>
        )}
      </div>
    </aside>
  );
}

/**
 * On a staging site (the server runs production mode on the sandbox gateway and the SMS
 * outbox or a real SMS provider, STAGING_SANDBOX=allow) every page says so above everything
 * else, so nobody takes a sandbox payment for a real one. The server says whether it is
 * staging in the site settings (`site_staging`, /v1/site).
 */
export function StagingBannerView({ settings }: { settings: SiteSettings | null | undefined }) {
  if (settings?.site_staging !== true) return null;
  return (
    <div
      role="note"
      style={{
        background: tokens.orange1,
        borderBottom: `1px solid ${tokens.orange3}`,
        color: tokens.orange8,
        textAlign: 'center',
        padding: '8px 16px',
        fontSize: 14,
        lineHeight: 1.5,
      }}
    >
      {stagingBannerText(settings.site_sms_outbox === true)}
    </div>
  );
}

/**
 * Every page's layout: the staging banner's place, header, the page (`content`: `main`, or a
 * `div` round server markup that brings its own `main`), footer, side panel.
 */
export function SiteFrame({
  banner,
  header,
  footer,
  sidePanel,
  contentAs: Content = 'main',
  children,
}: {
  banner?: ReactNode;
  header: ReactNode;
  footer: ReactNode;
  sidePanel?: ReactNode;
  contentAs?: 'main' | 'div';
  children: ReactNode;
}) {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {banner}
      {header}
      {/* At least a screen tall: the footer starts below the fold, so pages filling in (a remote
          loading, lists arriving) never push it across the screen (layout shift). */}
      <Content
        style={{
          flex: 1,
          minHeight: '100vh',
          width: '100%',
          maxWidth: 1200,
          margin: '0 auto',
          padding: Content === 'main' ? '16px 16px 0' : 0,
          boxSizing: 'border-box',
        }}
      >
        {children}
      </Content>
      {footer}
      {sidePanel}
    </div>
  );
}
