import { api } from '@yaoshi/api-client/api';
import type { Category, FriendLink } from '@yaoshi/contracts/content';
import { navigableCategories } from '@yaoshi/ui/navigation-items';
import { readCache, writeCache } from '@yaoshi/api-client/session-cache';
import { SITE_SETTINGS_CACHE_KEY } from '@yaoshi/api-client/site-settings-api';
import * as contentRoutes from '@yaoshi/contracts/routes/content';

/** spec 01 §4/§9: the navigation categories are cached for about 2.4 h. */
export const NAV_CACHE_TTL_MS = 8_640_000;
export const SESSION_CACHE_KEYS = { navigation: 'navCategories', siteSettings: SITE_SETTINGS_CACHE_KEY } as const;

// The rule is shared with the server's frame of public pages (deploy/src/public-pages/site-frame.ts).
export { HIDDEN_CATEGORY_ID, navigableCategories } from '@yaoshi/ui/navigation-items';

/** The shell's content calls: header navigation and footer links (site settings: @yaoshi/api-client/site-settings-api). */
export const siteContentApi = api.injectEndpoints({
  endpoints: (build) => ({
    navigationCategories: build.query<Category[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const cached = readCache<Category[]>(sessionStorage, SESSION_CACHE_KEYS.navigation);
        if (cached) return { data: cached };
        const result = await baseQuery({ route: contentRoutes.category });
        if (result.error) return { error: result.error };
        const categories = navigableCategories(result.data as Category[]);
        writeCache(sessionStorage, SESSION_CACHE_KEYS.navigation, categories, NAV_CACHE_TTL_MS);
        return { data: categories };
      },
      providesTags: ['Category'],
    }),
    friendLinks: build.query<FriendLink[], void>({
      query: () => ({ route: contentRoutes.links }),
      providesTags: ['FriendLink'],
    }),
  }),
});

export const { useNavigationCategoriesQuery, useFriendLinksQuery } = siteContentApi;
