import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedIn } from '@yaoshi/api-client/session';
import { ok, stubApi, type ReceivedCall } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { renderPage } from '../testing/render-page';
import HomePage from './home-page';
import { LOGIN_FIRST_TEXT } from './home-layout';
import { TEXT_AD_SHOWN_KEY } from './advertisement-rules';

function articlesOf(catid: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: catid * 100 + i,
    title: `分类${catid}第${i + 1}篇`,
    published_time: '2025-03-0' + ((i % 9) + 1) + ' 10:00:00',
    post_author: '协会',
    post_source: '本站',
    post_hits: 3,
    excerpt: '',
  }));
}

const NO_ADS = { textAdv: null, imgAdv: null };

const QUICK_LINKS = [
  { label: '继续教育', url: '/newDetail?api=education' },
  { label: '学分查询', url: '/newDetail?api=credit' },
  { label: '推广报名', url: '/newDetail?api=promote' },
  { label: '执业药师注册', url: 'https://www.cqlp.org.cn/' },
];

function serve(byCategory: Record<number, unknown>, adv: unknown = NO_ADS) {
  return stubApi({
    '/v1/article': (call: ReceivedCall) => ok(byCategory[Number(call.payload.catid)] ?? []),
    '/v1/slide': () => ok([]),
    '/v1/adv': () => ok(adv),
    '/v1/quick_links': () => ok(QUICK_LINKS),
  });
}

beforeEach(() => sessionStorage.clear());

test('association news shows the six titles the server sent, linked to their detail pages', async () => {
  const received = serve({ 1: { total: 30, data: articlesOf(1, 6) }, 4: { total: 0, data: [] } });
  renderPage(<HomePage />);
  const box = (await screen.findByText('分类1第1篇')).closest('section') as HTMLElement;
  const links = within(box)
    .getAllByRole('link')
    .filter((a) => a.textContent?.startsWith('分类1'));
  expect(links.map((a) => a.textContent)).toEqual(articlesOf(1, 6).map((a) => a.title));
  expect(links[0]).toHaveAttribute('href', '/associationNewsDetail?postid=100&newsId=1');
  expect(within(box).getByText('2025-03-01')).toBeInTheDocument();
  expect(within(box).getByRole('link', { name: '更多' })).toHaveAttribute('href', '/newsList?newsId=1');
  expect(received.filter((c) => c.path === '/v1/article').map((c) => [c.payload.catid, c.payload.limit])).toEqual(
    expect.arrayContaining([
      [1, 6],
      [4, 7],
      [3, 7],
    ]),
  );
});

test('tabbed lists load the chosen tab, point 更多 at it, and say 暂无数据 when empty', async () => {
  serve({ 1: [], 4: { total: 7, data: articlesOf(4, 7) }, 2: { total: 2, data: articlesOf(2, 2) }, 3: [], 5: [] });
  renderPage(<HomePage />);
  expect(await screen.findByText('分类4第7篇')).toBeInTheDocument();
  const newsBox = screen.getByText('分类4第1篇').closest('section') as HTMLElement;
  expect(within(newsBox).getByRole('tab', { name: '新闻资讯' })).toHaveAttribute('aria-selected', 'true');
  await userEvent.click(within(newsBox).getByRole('tab', { name: '办事指南' }));
  expect(await within(newsBox).findByText('分类2第2篇')).toBeInTheDocument();
  expect(within(newsBox).queryByText('分类4第1篇')).not.toBeInTheDocument();
  expect(within(newsBox).getByRole('link', { name: '更多' })).toHaveAttribute('href', '/newsList?newsId=2');
  // Association news (catid 1) answered with an array: the spec's "empty".
  expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThanOrEqual(2);
});

test('quick links are the ones staff saved: pages of the site, and the national registration site in a new window', async () => {
  serve({});
  renderPage(<HomePage />);
  const nav = await screen.findByRole('navigation', { name: '快捷入口' });
  for (const link of QUICK_LINKS)
    expect(within(nav).getByRole('link', { name: link.label })).toHaveAttribute('href', link.url);
  expect(within(nav).getByRole('link', { name: '执业药师注册' })).toHaveAttribute('target', '_blank');
  expect(within(nav).getByRole('link', { name: '继续教育' })).not.toHaveAttribute('target');
});

test('the education banner asks a visitor to log in; confirming focuses the login input, cancelling does not', async () => {
  serve({});
  const focusLoginInput = jest.fn();
  renderPage(<HomePage />, { slots: { focusLoginInput } });
  await userEvent.click(screen.getByRole('button', { name: /执业药师继续教育/ }));
  expect(await within(await screen.findByRole('dialog')).findByText(LOGIN_FIRST_TEXT)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(focusLoginInput).not.toHaveBeenCalled();

  await userEvent.click(screen.getByRole('button', { name: /执业药师继续教育/ }));
  await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
  await waitFor(() => expect(focusLoginInput).toHaveBeenCalledTimes(1));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
});

test('the education banner opens the student centre when logged in', async () => {
  serve({});
  const store = createTestStore();
  store.dispatch(loggedIn());
  renderPage(<HomePage />, { store });
  await userEvent.click(screen.getByRole('button', { name: /执业药师继续教育/ }));
  expect(screen.getByTestId('location')).toHaveTextContent('/studentsNote');
  expect(screen.queryByText(LOGIN_FIRST_TEXT)).not.toBeInTheDocument();
});

test('the text advertisement shows once per browser session, sanitized', async () => {
  serve({}, { textAdv: { content: '<p>报名通知<img src=x onerror="window.adHacked=1"></p>' }, imgAdv: null });
  renderPage(<HomePage />);
  expect(await within(await screen.findByRole('dialog')).findByText('报名通知')).toBeInTheDocument();
  expect(sessionStorage.getItem(TEXT_AD_SHOWN_KEY)).toBe('1');
  expect(document.body.innerHTML).not.toContain('onerror');
  expect((window as unknown as { adHacked?: number }).adHacked).toBeUndefined();
});

test('the text advertisement stays closed when it was shown earlier in the session', async () => {
  sessionStorage.setItem(TEXT_AD_SHOWN_KEY, '1');
  const received = serve({}, { textAdv: { content: '<p>报名通知</p>' }, imgAdv: null });
  renderPage(<HomePage />);
  await waitFor(() => expect(received.some((c) => c.path === '/v1/adv')).toBe(true));
  expect(screen.queryByText('报名通知')).not.toBeInTheDocument();
});
