import { useContext, useEffect } from 'react';
import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { usePageGivenTitle } from '@yaoshi/ui/page-title';
import { RouteHandleContext } from './route-handle';

export function documentTitle(pageTitle: string | undefined, siteName: string | undefined): string {
  if (pageTitle && siteName) return `${pageTitle} - ${siteName}`;
  return pageTitle ?? siteName ?? '';
}

/**
 * spec 01: the default title is the association's name; spec 02 gives page titles. A page
 * may title itself (`usePageTitle` of `@yaoshi/ui/page-title`): the public pages do, as the
 * server titles their HTML (an article by its title), so the tab keeps its title when the
 * browser's site takes over.
 */
export function useDocumentTitle(): void {
  const { data: settings } = useSiteSettingsQuery();
  const given = usePageGivenTitle();
  const routeTitle = useContext(RouteHandleContext)?.title;
  const title = given ?? documentTitle(routeTitle, settings?.site_name);
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
