import { Link, useLocation } from '@yaoshi/ui/router';
import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { SiteHeaderView } from '@yaoshi/ui/site-frame';
import { useNavigationCategoriesQuery } from '../../site-settings/site-content-api';

/** Association name and the navigation bar (the frame's header, shared with the server's HTML). */
export function SiteHeader() {
  const { data: settings } = useSiteSettingsQuery();
  const { data: categories = [] } = useNavigationCategoriesQuery();
  const location = useLocation();
  return (
    <SiteHeaderView
      siteName={settings?.site_name}
      categories={categories}
      pathname={location.pathname}
      search={location.search}
      Link={Link}
    />
  );
}
