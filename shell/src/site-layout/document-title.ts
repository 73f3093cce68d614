import { useContext, useEffect } from 'react';
import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { RouteHandleContext } from './route-handle';

export function documentTitle(pageTitle: string | undefined, siteName: string | undefined): string {
  if (pageTitle && siteName) return `${pageTitle} - ${siteName}`;
  return pageTitle ?? siteName ?? '';
}

/** spec 01: the default title is the association's name; spec 02 gives page titles. */
export function useDocumentTitle(): void {
  const { data: settings } = useSiteSettingsQuery();
  const title = documentTitle(useContext(RouteHandleContext)?.title, settings?.site_name);
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
