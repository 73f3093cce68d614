import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, stubApi, type ReceivedCall } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import HomePage from './home-page';

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

function serveArticles(byCategory: Record<number, unknown>) {
  return stubApi({
    '/v1/article': (call: ReceivedCall) => ok(byCategory[Number(call.payload.catid)] ?? []),
    '/v1/slide': () => ok([]),
  });
}

function renderHome() {
  render(
    <Provider store={createTestStore()}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </Provider>,
  );
}

test('association news shows the six titles the server sent, linked to their detail pages', async () => {
  const received = serveArticles({ 1: { total: 30, data: articlesOf(1, 6) }, 4: { total: 0, data: [] } });
  renderHome();
  const card = (await screen.findByText('分类1第1篇')).closest('.ant-card') as HTMLElement;
  const links = within(card).getAllByRole('link').filter((a) => a.textContent?.startsWith('分类1'));
  expect(links.map((a) => a.textContent)).toEqual(articlesOf(1, 6).map((a) => a.title));
  expect(links[0]).toHaveAttribute('href', '/associationNewsDetail?postid=100&newsId=1');
  expect(within(card).getByText('2025-03-01')).toBeInTheDocument();
  expect(within(card).getByRole('link', { name: '更多' })).toHaveAttribute('href', '/newsList?newsId=1');
  expect(received.filter((c) => c.path === '/v1/article').map((c) => [c.payload.catid, c.payload.limit])).toEqual(
    expect.arrayContaining([[1, 6], [4, 7], [3, 7]]),
  );
});

test('tabbed lists load the chosen tab, point 更多 at it, and say 暂无数据 when empty', async () => {
  serveArticles({ 1: [], 4: { total: 7, data: articlesOf(4, 7) }, 2: { total: 2, data: articlesOf(2, 2) }, 3: [] , 5: [] });
  renderHome();
  expect(await screen.findByText('分类4第7篇')).toBeInTheDocument();
  const newsCard = screen.getByText('分类4第1篇').closest('.ant-card') as HTMLElement;
  await userEvent.click(within(newsCard).getByRole('tab', { name: '办事指南' }));
  expect(await within(newsCard).findByText('分类2第2篇')).toBeInTheDocument();
  expect(within(newsCard).queryByText('分类4第1篇')).not.toBeInTheDocument();
  expect(within(newsCard).getByRole('link', { name: '更多' })).toHaveAttribute('href', '/newsList?newsId=2');
  // Association news (catid 1) answered with an array: the spec's "empty".
  expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThanOrEqual(2);
});
