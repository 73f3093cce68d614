import { screen, waitFor } from '@testing-library/react';
import { fail, ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { usePageGivenTitle } from '@yaoshi/ui/page-title';
import { renderPage } from '../testing/render-page';
import NewsDetailPage from '../news/news-detail-page';
import NewsListPage from '../news/news-list-page';
import AssociationIntroductionPage from '../association-introduction/association-introduction-page';

/** What the shell's layout would make the document's title. */
function TitleProbe() {
  return <output data-testid="title">{usePageGivenTitle() ?? ''}</output>;
}

const SITE = { site_name: '某省药师协会', site_short_name: '某省药协' };
const ARTICLE = {
  id: 7,
  catid: 1,
  title: '学时登记办法',
  content: '<p>第一段</p>',
  published_time: '2025-05-01 09:00:00',
  post_author: '',
  post_source: '',
  post_hits: 3,
  excerpt: '',
};

test('an article titles the tab as the server titles its HTML: its title, then the short name', async () => {
  stubApi({ '/v1/site': () => ok(SITE), '/v1/article': () => ok(ARTICLE) });
  renderPage(
    <>
      <NewsDetailPage />
      <TitleProbe />
    </>,
    { path: '/associationNewsDetail?postid=7' },
  );
  await waitFor(() => expect(screen.getByTestId('title')).toHaveTextContent('学时登记办法 — 某省药协'));
});

test('a removed article is titled as the server answers it: 页面不存在', async () => {
  stubApi({ '/v1/site': () => ok(SITE), '/v1/article': () => fail(404, '文章不存在') });
  renderPage(
    <>
      <NewsDetailPage />
      <TitleProbe />
    </>,
    { path: '/associationNewsDetail?postid=9' },
  );
  await waitFor(() => expect(screen.getByTestId('title')).toHaveTextContent('页面不存在 — 某省药协'));
});

test('a list is titled by its category', async () => {
  stubApi({
    '/v1/site': () => ok(SITE),
    '/v1/article': () => ok({ total: 0, data: [] }),
  });
  renderPage(
    <>
      <NewsListPage />
      <TitleProbe />
    </>,
    { path: '/newsList?newsId=2' },
  );
  await waitFor(() => expect(screen.getByTestId('title')).toHaveTextContent('办事指南 — 某省药协'));
});

test('协会简介 is titled by its name', async () => {
  stubApi({ '/v1/site': () => ok(SITE) });
  renderPage(
    <>
      <AssociationIntroductionPage />
      <TitleProbe />
    </>,
  );
  await waitFor(() => expect(screen.getByTestId('title')).toHaveTextContent('协会简介 — 某省药协'));
});
