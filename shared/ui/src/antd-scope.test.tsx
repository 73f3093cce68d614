/**
 * @jest-environment-options {"fullStyles": true}
 */
// (This file reads colours from antd's styles: they are kept whole, see jest/visibility-css.cjs.)
import { render, screen } from '@testing-library/react';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Pagination from 'antd/es/pagination';
import { contrastRatio } from './test-support/colour-contrast';
import { SITE_THEME } from './tokens/site-theme';
import { inSiteAntdScope, loadSiteAntd, prefersReducedMotion, siteThemeFor } from './antd-scope';

/**
 * An element's text colour. antd draws with CSS variables (`var(--ant-color-error)`) set on
 * an ancestor, which jsdom does not inherit: look the variable up the tree, as a browser would.
 */
function drawnColour(element: Element): string {
  const colour = getComputedStyle(element).color;
  const variable = /^var\((--[\w-]+)\)$/.exec(colour)?.[1];
  if (!variable) return colour;
  for (let at: Element | null = element; at; at = at.parentElement) {
    const value = getComputedStyle(at).getPropertyValue(variable).trim();
    if (value) return value;
  }
  throw new Error(`${variable} is set nowhere above the element`);
}

test('a page in the scope gets antd in Chinese; one download serves every scope', async () => {
  const { default: Scoped } = await inSiteAntdScope(
    Promise.resolve(() => (
      <>
        <Empty />
        <Pagination total={30} />
      </>
    )),
  );
  render(<Scoped />);
  expect(screen.getByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  expect(screen.getByTitle('上一页')).toBeInTheDocument();
  expect(await loadSiteAntd()).toBe(await loadSiteAntd());
});

test('outside the scope antd falls back to English, which is why pages are wrapped', () => {
  render(<Empty />);
  expect(screen.getByText('No data', { selector: '.ant-empty-description' })).toBeInTheDocument();
});

test("in the scope a form field's problem is readable: 4.5:1 on white, not antd's 3.3:1 red", async () => {
  const { default: Scoped } = await inSiteAntdScope(
    Promise.resolve(() => (
      <Form>
        <Form.Item label="邮箱" validateStatus="error" help="请输入邮箱">
          <input />
        </Form.Item>
      </Form>
    )),
  );
  render(<Scoped />);
  expect(contrastRatio(drawnColour(screen.getByText('请输入邮箱')), '#ffffff')).toBeGreaterThanOrEqual(4.5);
});

test("a visitor who asks the system for less motion gets antd's theme without its animations", () => {
  const matchMedia = jest.spyOn(window, 'matchMedia');
  matchMedia.mockImplementation(
    (query) => ({ matches: query === '(prefers-reduced-motion: reduce)' }) as MediaQueryList,
  );
  expect(prefersReducedMotion()).toBe(true);
  matchMedia.mockImplementation(() => ({ matches: false }) as MediaQueryList);
  expect(prefersReducedMotion()).toBe(false);
  matchMedia.mockRestore();

  expect(siteThemeFor(false)).toBe(SITE_THEME);
  expect(siteThemeFor(true)).toEqual({ ...SITE_THEME, token: { ...SITE_THEME.token, motion: false } });
});
