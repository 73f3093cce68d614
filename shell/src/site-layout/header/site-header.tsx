import { Link, useLocation } from '@yaoshi/ui/router';
import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { useNavigationCategoriesQuery } from '../../site-settings/site-content-api';
import { activeNavigationIndex, CONTACT_LABEL, CONTACT_PATH, navigationItems } from './navigation-items';
import { tokens } from '@yaoshi/ui/site-tokens';

/** Association name and the navigation bar. Without the server it still offers 首页. */
export function SiteHeader() {
  const { data: settings } = useSiteSettingsQuery();
  const { data: categories = [] } = useNavigationCategoriesQuery();
  const location = useLocation();
  const items = navigationItems(categories);
  const active = activeNavigationIndex(location.pathname, location.search, items);
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
          {settings?.site_name ?? '\u00a0'}
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
