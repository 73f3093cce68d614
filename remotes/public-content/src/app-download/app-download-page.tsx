import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { AppDownloadView } from './app-download-view';
import { isWeChatTypeBrowser } from './in-app-browser';
import { usePublicTitle } from '../layout/public-title';
import { PAGE_TITLES } from '../page-titles';

/** `/downloadApp` (spec 02): iOS and Android download buttons, links from the site settings. */
export default function AppDownloadPage() {
  const { data: site } = useSiteSettingsQuery();
  usePublicTitle(PAGE_TITLES['./DownloadApp']);
  return <AppDownloadView site={site} inWeChat={isWeChatTypeBrowser(navigator.userAgent)} />;
}
