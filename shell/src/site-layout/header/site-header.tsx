import { Menu } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { useNavigationCategoriesQuery } from '../../site-settings/site-content-api';
import { activeNavigationIndex, navigationItems } from './navigation-items';

export const HEADER_BLUE = '#1f5fa8';

/** Association name and the navigation bar. Without the server it still offers 首页. */
export function SiteHeader() {
  const { data: settings } = useSiteSettingsQuery();
  const { data: categories = [] } = useNavigationCategoriesQuery();
  const location = useLocation();
  const items = navigationItems(categories);
  const active = activeNavigationIndex(location.pathname, location.search, items);
  return (
    <header>
      <div style={{ maxWidth: 1200, margin: '0 auto', padding: '20px 16px', boxSizing: 'border-box', fontSize: 26, fontWeight: 600, color: HEADER_BLUE }}>
        <Link to="/" style={{ color: 'inherit' }}>
          {settings?.site_name ?? '\u00a0'}
        </Link>
      </div>
      <nav aria-label="主导航" style={{ background: HEADER_BLUE }}>
        <Menu
          mode="horizontal"
          theme="dark"
          selectedKeys={active === null ? [] : [String(active)]}
          style={{ maxWidth: 1200, margin: '0 auto', padding: '0 4px', background: 'transparent', borderBottom: 'none' }}
          items={items.map((item) => ({ key: String(item.index), label: <Link to={item.href}>{item.label}</Link> }))}
        />
      </nav>
    </header>
  );
}
