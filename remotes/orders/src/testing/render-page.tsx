import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { render } from '@testing-library/react';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';

/** Shows where the router is, so a test can see navigation (back one page, to /pay…). */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Tests only: renders a page of this remote at `path` inside the store and router the shell
 * provides, with `previous` as the page before it in the history (for "back one page").
 */
export function renderPage(page: ReactElement, path: string, previous = '/myOrder') {
  const route = path.split('?')[0] ?? path;
  return render(
    <Provider store={createTestStore()}>
      <MemoryRouter initialEntries={[previous, path]} initialIndex={1}>
        <Routes>
          <Route path={route} element={page} />
          <Route path="*" element={<p>其他页面</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </Provider>,
  );
}
