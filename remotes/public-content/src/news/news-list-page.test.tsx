import { Link } from 'react-router-dom';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, stubApi, type ReceivedCall } from '@yaoshi/api-client/testing/stub-api';
import { renderPage } from '../testing/render-page';
import NewsListPage from './news-list-page';

function page(catid: number, pageNo: number, size: number, total: number) {
  const count = Math.max(0, Math.min(size, total - (pageNo - 1) * size));
  return {
    total,
    data: Array.from({ length: count }, (_, i) => ({
      id: catid * 1000 + (pageNo - 1) * size + i,
      title: `分类${catid}第${(pageNo - 1) * size + i + 1}条`,
      published_time: '2025-05-01 09:00:00',
      post_author: '',
      post_source: '',
      post_hits: 0,
      excerpt: '',
    })),
  };
}

function serveList(total: number) {
  return stubApi({
    '/v1/site': () => ok({}),
    '/v1/article': (call: ReceivedCall) =>
      ok(
        page(
          Number(call.payload.catid),
          Number(call.payload.page),
          Number(call.payload.limit),
          call.payload.keyword ? 1 : total,
        ),
      ),
  });
}

const articleCalls = (received: ReceivedCall[]) =>
  received.filter((c) => c.path === '/v1/article').map((c) => c.payload);

test('a category lists 10 a page under its name, and pages on', async () => {
  const received = serveList(23);
  renderPage(<NewsListPage />, { path: '/newsList?newsId=2&currentNavIdx=2' });
  expect(await screen.findByText('分类2第1条')).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: '当前位置' })).toHaveTextContent('首页/办事指南');
  expect(screen.getAllByRole('link').filter((a) => a.textContent?.startsWith('分类2'))).toHaveLength(10);
  await userEvent.click(screen.getByRole('link', { name: '第 3 页' }));
  expect(await screen.findByText('分类2第21条')).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/newsList?newsId=2&currentNavIdx=2&page=3');
  expect(articleCalls(received).map((p) => [p.catid, p.limit, p.page])).toEqual([
    [2, 10, 1],
    [2, 10, 3],
  ]);
});

test('the page and the search in the address are the ones shown (a reload, or back from an article)', async () => {
  const received = serveList(30);
  renderPage(<NewsListPage />, { path: '/newsList?newsId=2&page=3&keyword=%E9%80%80%E7%83%AD' });
  expect(await screen.findByText('“退热”的搜索结果：共 1 条')).toBeInTheDocument();
  expect(screen.getByRole('searchbox', { name: '搜索标题' })).toHaveValue('退热');
  expect(articleCalls(received)).toEqual([expect.objectContaining({ catid: 2, limit: 10, page: 3, keyword: '退热' })]);
});

test('association news lists 15 a page', async () => {
  const received = serveList(40);
  renderPage(<NewsListPage />, { path: '/newsList?newsId=1' });
  expect(await screen.findByText('分类1第15条')).toBeInTheDocument();
  expect(screen.queryByText('分类1第16条')).not.toBeInTheDocument();
  expect(articleCalls(received)[0]).toMatchObject({ catid: 1, limit: 15, page: 1 });
});

test('the pager marks the current page, jumps five pages over a gap, and stops at the ends', async () => {
  serveList(200);
  renderPage(<NewsListPage />, { path: '/newsList?newsId=2' });
  await screen.findByText('分类2第1条');
  const pager = screen.getByRole('navigation', { name: '分页' });
  expect(pager).toHaveTextContent('共 200 条');
  expect(screen.getByRole('link', { name: '第 1 页' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('button', { name: '上一页' })).toBeDisabled();
  await userEvent.click(screen.getByRole('link', { name: '向后 5 页' }));
  expect(await screen.findByText('分类2第51条')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '第 6 页' })).toHaveAttribute('aria-current', 'page');
  await userEvent.click(screen.getByRole('link', { name: '第 20 页' }));
  expect(await screen.findByText('分类2第191条')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '下一页' })).toBeDisabled();
});

test('the search box asks the server for titles with the keyword, from page 1; emptying it lists the category again', async () => {
  const received = serveList(30);
  renderPage(<NewsListPage />, { path: '/newsList?newsId=5' });
  await screen.findByText('分类5第1条');
  await userEvent.click(screen.getByRole('link', { name: '第 2 页' }));
  await screen.findByText('分类5第11条');
  await userEvent.type(screen.getByRole('searchbox', { name: '搜索标题' }), ' 退热 {Enter}');
  expect(await screen.findByText('“退热”的搜索结果：共 1 条')).toBeInTheDocument();
  expect(articleCalls(received).at(-1)).toMatchObject({ catid: 5, keyword: '退热', page: 1, limit: 10 });
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/newsList\?newsId=5&keyword=%E9%80%80%E7%83%AD$/);
  await userEvent.clear(screen.getByRole('searchbox', { name: '搜索标题' }));
  expect(await screen.findByText('分类5第10条')).toBeInTheDocument();
  expect(screen.queryByText(/的搜索结果/)).not.toBeInTheDocument();
});

test('an empty category and a failed list both show the empty state', async () => {
  stubApi({ '/v1/site': () => ok({}), '/v1/article': () => ok([]) });
  renderPage(<NewsListPage />, { path: '/newsList?newsId=21' });
  expect(await screen.findByText('暂无数据')).toBeInTheDocument();
});

test('a failed list shows the empty state, not an error page', async () => {
  stubApi({ '/v1/site': () => ok({}), '/v1/article': () => fail(500, '服务器错误') });
  renderPage(<NewsListPage />, { path: '/newsList?newsId=3' });
  expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: '继续教育', level: 1 })).toBeInTheDocument();
});

test("a navigation to another category (as the header's links do) starts again at page 1", async () => {
  const received = serveList(30);
  renderPage(
    <>
      <Link to="/newsList?newsId=5&currentNavIdx=5">药学服务</Link>
      <NewsListPage />
    </>,
    { path: '/newsList?newsId=4' },
  );
  await screen.findByText('分类4第1条');
  await userEvent.click(screen.getByRole('link', { name: '第 2 页' }));
  await screen.findByText('分类4第11条');
  await userEvent.click(screen.getByRole('link', { name: '药学服务' }));
  expect(await screen.findByText('分类5第1条')).toBeInTheDocument();
  expect(articleCalls(received).map((p) => [p.catid, p.page])).toEqual([
    [4, 1],
    [4, 2],
    [5, 1],
  ]);
});
