import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { render } from '@testing-library/react';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { SiteSlotsContext, type SiteSlots } from '@yaoshi/ui/site-slots';

/** Shows where the router is, so a test can see a navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders a page inside the store, router and slots it gets from the shell in the site. */
export function renderPage(
  page: ReactElement,
  {
    path = '/',
    slots = {},
    store = createTestStore(),
  }: { path?: string; slots?: SiteSlots; store?: ReturnType<typeof createTestStore> } = {},
) {
  render(
    <Provider store={store}>
      <SiteSlotsContext.Provider value={slots}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={page} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </SiteSlotsContext.Provider>
    </Provider>,
  );
  return store;
}
