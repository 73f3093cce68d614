import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { Link } from '@yaoshi/ui/router';
import { SiteFooterView } from '@yaoshi/ui/site-frame';
import { useFriendLinksQuery } from '../../site-settings/site-content-api';

/** Friend links, the WeChat QR code, owner, address, postcode, copyright year, ICP number (shared with the server's HTML). */
export function SiteFooter({ year = new Date().getFullYear() }: { year?: number }) {
  const { data: settings } = useSiteSettingsQuery();
  const { data: links = [] } = useFriendLinksQuery();
  return <SiteFooterView settings={settings} links={links} year={year} Link={Link} />;
}
