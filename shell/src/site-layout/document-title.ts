import { useEffect } from 'react';
import { useMatches } from '@yaoshi/ui/router';
import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { isRouteHandle } from './route-handle';

export function documentTitle(pageTitle: string | undefined, siteName: string | undefined): string {
  if (pageTitle && siteName) return `${pageTitle} - ${siteName}`;
  return pageTitle ?? siteName ?? '';
}

/** spec 01: the default title is the association's name; spec 02 gives page titles. */
export function useDocumentTitle(): void {
  const { data: settings } = useSiteSettingsQuery();
  const matches = useMatches();
  const handle = matches
    .map((m) => m.handle)
    .filter(isRouteHandle)
    .at(-1);
  const title = documentTitle(handle?.title, settings?.site_name);
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
