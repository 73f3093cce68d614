import { render, screen } from '@testing-library/react';
import { PAGE_MISSING_TITLE, publicPageTitle, usePageGivenTitle, usePageTitle } from './page-title';

test('a public page is titled by its name and the short name; the home page by the association name alone', () => {
  const names = { shortName: '省药协', siteName: '江苏省药师协会' };
  expect(publicPageTitle('学时登记办法', names)).toBe('学时登记办法 — 省药协');
  expect(publicPageTitle(PAGE_MISSING_TITLE, names)).toBe('页面不存在 — 省药协');
  expect(publicPageTitle(undefined, names)).toBe('江苏省药师协会');
  expect(publicPageTitle('', names)).toBe('江苏省药师协会');
  // Without a short name, the association's name stands in; without names, the page's own.
  expect(publicPageTitle('联系我们', { siteName: '江苏省药师协会' })).toBe('联系我们 — 江苏省药师协会');
  expect(publicPageTitle('联系我们', {})).toBe('联系我们');
  expect(publicPageTitle('省药协', names)).toBe('省药协');
});

function Page({ title }: { title: string | undefined }) {
  usePageTitle(title);
  return null;
}

function Probe() {
  return <output data-testid="title">{usePageGivenTitle() ?? '(route title)'}</output>;
}

test("a page's title is the layout's while the page is shown, and goes with it", () => {
  const { rerender } = render(
    <>
      <Page title={undefined} />
      <Probe />
    </>,
  );
  expect(screen.getByTestId('title')).toHaveTextContent('(route title)');
  rerender(
    <>
      <Page title="协会简介 — 省药协" />
      <Probe />
    </>,
  );
  expect(screen.getByTestId('title')).toHaveTextContent('协会简介 — 省药协');
  // Moving to another page: the first page's title goes before the next one's comes.
  rerender(
    <>
      <Page key="next" title="联系我们 — 省药协" />
      <Probe />
    </>,
  );
  expect(screen.getByTestId('title')).toHaveTextContent('联系我们 — 省药协');
  rerender(<Probe />);
  expect(screen.getByTestId('title')).toHaveTextContent('(route title)');
});
