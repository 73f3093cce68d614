import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { AppDownloadView } from './app-download-view';
import { isWeChatTypeBrowser } from './in-app-browser';

/** `/downloadApp` (spec 02): iOS and Android download buttons, links from the site settings. */
export default function AppDownloadPage() {
  const { data: site } = useSiteSettingsQuery();
  return <AppDownloadView site={site} inWeChat={isWeChatTypeBrowser(navigator.userAgent)} />;
}
