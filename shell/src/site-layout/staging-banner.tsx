import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { StagingBannerView } from '@yaoshi/ui/site-frame';

/**
 * The staging banner (a staging site only) from the settings every page already reads: no
 * extra request. Its markup is the frame's (`@yaoshi/ui/site-frame`), which the server draws
 * round public pages too.
 */
export function StagingBanner() {
  const { data: settings } = useSiteSettingsQuery();
  return <StagingBannerView settings={settings} />;
}
