import { screen, within } from '@testing-library/react';
import { writeCache } from '@yaoshi/api-client/session-cache';
import { NAV_CACHE_TTL_MS, SESSION_CACHE_KEYS } from '../../site-settings/site-content-api';
import { fakeRegistry, renderSite, serveSiteContent } from '../../testing/render-site';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

const navigation = () => screen.getByRole('navigation', { name: '主导航' });

async function navLinks() {
  await within(navigation()).findByRole('link', { name: '协会动态' });
  return within(navigation())
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
}

test('首页 first, then the server categories without id 6; 协会简介 has its own page', async () => {
  serveSiteContent();
  await renderSite('/contactUs');
  expect(await navLinks()).toEqual([
    ['首页', '/'],
    ['协会动态', '/newsList?newsId=1&currentNavIdx=1'],
    ['办事指南', '/newsList?newsId=2&currentNavIdx=2'],
    ['新闻资讯', '/newsList?newsId=4&currentNavIdx=3'],
    ['协会简介', '/associationIntroduce'],
  ]);
  expect(within(navigation()).queryByText('联系我们')).not.toBeInTheDocument();
});

test('categories come from sessionStorage while fresh, and from the server once expired', async () => {
  const first = serveSiteContent();
  await renderSite('/', fakeRegistry());
  await navLinks();
  expect(first.filter((c) => c.path === '/v1/category')).toHaveLength(1);
  document.body.innerHTML = '';

  // A new page load in the same browser session: no call.
  const second = serveSiteContent({ '/v1/category': () => ({ status: 500, body: 'should not be asked' }) });
  await renderSite('/');
  expect(await navLinks()).toContainEqual(['新闻资讯', '/newsList?newsId=4&currentNavIdx=3']);
  expect(second.filter((c) => c.path === '/v1/category')).toHaveLength(0);
  document.body.innerHTML = '';

  // 2.4 h later: asked again.
  writeCache(
    sessionStorage,
    SESSION_CACHE_KEYS.navigation,
    [{ id: 99, name: '过期栏目' }],
    NAV_CACHE_TTL_MS,
    Date.now() - NAV_CACHE_TTL_MS - 1,
  );
  const third = serveSiteContent();
  await renderSite('/');
  expect(await navLinks()).not.toContainEqual(['过期栏目', expect.anything()]);
  expect(third.filter((c) => c.path === '/v1/category')).toHaveLength(1);
});

test.each([
  ['/', '首页'],
  ['/associationIntroduce', '协会简介'], // its own item, not spec 01's literal "item 1" (issue 16 item 14)
  ['/newsList?newsId=4&currentNavIdx=3', '新闻资讯'],
  ['/newsList?newsId=2', '办事指南'], // a link without the index still lights its category
])('on %s the header highlights %s', async (path, label) => {
  serveSiteContent();
  await renderSite(path);
  const link = await within(navigation()).findByRole('link', { name: label });
  expect(link).toHaveAttribute('aria-current', 'page');
  expect(navigation().querySelectorAll('[aria-current="page"]')).toHaveLength(1);
});
