import { beijingYearOf } from '@yaoshi/contracts/beijing-time';
import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { Link } from '@yaoshi/ui/router';
import { SiteFooterView } from '@yaoshi/ui/site-frame';
import { useFriendLinksQuery } from '../../site-settings/site-content-api';

/** Friend links, the WeChat QR code, owner, address, postcode, copyright year, ICP number (shared with the server's HTML). */
// The year in Beijing time, as the server's frame has it (a visitor abroad on New Year's Eve sees the association's year).
export function SiteFooter({ year = beijingYearOf(new Date()) }: { year?: number }) {
  const { data: settings } = useSiteSettingsQuery();
  const { data: links = [] } = useFriendLinksQuery();
  return <SiteFooterView settings={settings} links={links} year={year} Link={Link} />;
}
