import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { publicPageTitle, usePageTitle } from '@yaoshi/ui/page-title';

/**
 * Titles the document as the server titles this page's HTML (`文章标题 — 省药师协会`,
 * @yaoshi/ui/page-title), so the tab keeps its title when the browser's site takes over and
 * the same page reached inside the site is titled the same. `name` undefined: not yet known
 * (its data is still coming).
 */
export function usePublicTitle(name: string | undefined): void {
  const { data: site } = useSiteSettingsQuery();
  usePageTitle(
    site && name !== undefined
      ? publicPageTitle(name, { shortName: site.site_short_name, siteName: site.site_name })
      : undefined,
  );
}
