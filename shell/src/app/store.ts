import { configureStore } from '@reduxjs/toolkit';
import { api } from '@yaoshi/api-client/api';
import { sessionSlice } from '@yaoshi/api-client/session';

/** The page's one store: the shared api slice and the session. Remotes use this one. */
export function createSiteStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer, session: sessionSlice.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type SiteStore = ReturnType<typeof createSiteStore>;
