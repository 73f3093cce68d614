import { api } from '@yaoshi/api-client/api';
import type { ApiFailure } from '@yaoshi/api-client/error-catalogue';
import type { Category, FriendLink, SiteSettings } from '@yaoshi/contracts/content';
import { readCache, writeCache } from './session-cache';

/** spec 01 §4/§9: the navigation categories are cached for about 2.4 h. */
export const NAV_CACHE_TTL_MS = 8_640_000;
/** Site settings are cached for the browser session. */
export const SITE_SETTINGS_CACHE_TTL_MS = null;

export const SESSION_CACHE_KEYS = { navigation: 'navCategories', siteSettings: 'siteSettings' } as const;

/** spec 01 §2: the client removes category 6 from the fetched list. */
export const HIDDEN_CATEGORY_ID = 6;

export function navigableCategories(categories: readonly Category[]): Category[] {
  return categories.filter((category) => category.id !== HIDDEN_CATEGORY_ID);
}

/** The shell's content calls: header navigation, footer and document title. */
export const siteContentApi = api.injectEndpoints({
  endpoints: (build) => ({
    navigationCategories: build.query<Category[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const cached = readCache<Category[]>(sessionStorage, SESSION_CACHE_KEYS.navigation);
        if (cached) return { data: cached };
        const result = await baseQuery({ method: 'GET', path: '/v1/category' });
        if (result.error) return { error: result.error as ApiFailure };
        const categories = navigableCategories(result.data as Category[]);
        writeCache(sessionStorage, SESSION_CACHE_KEYS.navigation, categories, NAV_CACHE_TTL_MS);
        return { data: categories };
      },
      providesTags: ['Category'],
    }),
    siteSettings: build.query<SiteSettings, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const cached = readCache<SiteSettings>(sessionStorage, SESSION_CACHE_KEYS.siteSettings);
        if (cached) return { data: cached };
        const result = await baseQuery({ method: 'GET', path: '/v1/site' });
        if (result.error) return { error: result.error as ApiFailure };
        const settings = result.data as SiteSettings;
        writeCache(sessionStorage, SESSION_CACHE_KEYS.siteSettings, settings, SITE_SETTINGS_CACHE_TTL_MS);
        return { data: settings };
      },
      providesTags: ['SiteSettings'],
    }),
    friendLinks: build.query<FriendLink[], void>({
      query: () => ({ method: 'GET', path: '/v1/links' }),
      providesTags: ['FriendLink'],
    }),
  }),
});

export const { useNavigationCategoriesQuery, useSiteSettingsQuery, useFriendLinksQuery } = siteContentApi;
