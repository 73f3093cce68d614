import type { SiteSettings } from '@yaoshi/contracts/content';
import * as contentRoutes from '@yaoshi/contracts/routes/content';
import { api } from './api';
import { readCache, writeCache } from './session-cache';

/**
 * Site settings (spec 01 §3), cached in session storage for the browser session (spec 01
 * §4). Here, not in the shell, because the header, footer and side panel (shell) and the
 * contact, list and download pages (public-content) all read them: one endpoint, one cache.
 */
// v2: issue 20 added the profile fields (short name, footer lines, map point); a session's older copy lacks them.
export const SITE_SETTINGS_CACHE_KEY = 'siteSettings.v2';
/** null: kept for the whole browser session. */
export const SITE_SETTINGS_CACHE_TTL_MS = null;

export const siteSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    siteSettings: build.query<SiteSettings, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const cached = readCache<SiteSettings>(sessionStorage, SITE_SETTINGS_CACHE_KEY);
        if (cached) return { data: cached };
        const result = await baseQuery({ route: contentRoutes.site });
        if (result.error) return { error: result.error };
        const settings = result.data as SiteSettings;
        writeCache(sessionStorage, SITE_SETTINGS_CACHE_KEY, settings, SITE_SETTINGS_CACHE_TTL_MS);
        return { data: settings };
      },
      providesTags: ['SiteSettings'],
    }),
  }),
});

export const { useSiteSettingsQuery } = siteSettingsApi;
