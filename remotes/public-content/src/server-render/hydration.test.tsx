import { Suspense, act, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { seedAnswers } from '@yaoshi/api-client/hydration-seed';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { TEST_SITE } from '../testing/site-settings';
import { TEST_ARTICLE } from '../testing/article';
import { useHydrating } from '@yaoshi/ui/hydrating';
import { LoginBoxPlace } from '@yaoshi/ui/login-box-place';
import { SiteSlotsContext, type SiteSlots } from '@yaoshi/ui/site-slots';
import { renderForHydration, SERVER_HYDRATION_API, type ServerPage } from './render';
import HomePage from '../home/home-page';
import NewsListPage from '../news/news-list-page';
import NewsDetailPage from '../news/news-detail-page';
import TopicDetailPage from '../topic-detail/topic-detail-page';
import AssociationIntroducePage from '../association-introduction/association-introduction-page';
import ContactPage from '../contact/contact-page';
import NoticePage from '../notice/notice-page';
import AppDownloadPage from '../app-download/app-download-page';
import VerifyPage from '../certificates/verify-page';
import { forgetServerAnswer } from '../certificates/server-answer';

/**
 * Issue 38: each exposed page hydrates the markup `renderForHydration` gives for the data the
 * server read, with the store seeded from the answers it gives: React reports no mismatch,
 * keeps the server's nodes, and the page asks the API for nothing it was handed (the article
 * asks once more, as every open of an article does, to count the view). The shell's part
 * (the frame, its Suspense boundary, the login box's stand-in) is drawn as the shell draws it.
 */

const site = TEST_SITE;

const summary = (id: number, title: string) => ({
  id,
  title,
  published_time: `2025-06-0${id % 9} 09:00:00`,
  post_author: '',
  post_source: '',
  post_hits: 0,
  excerpt: '',
});

/** The shell's login box slot: the server's stand-in while hydrating, then the panel. */
const SLOTS: SiteSlots = {
  LoginPanel: function LoginPanel() {
    return useHydrating() ? <LoginBoxPlace /> : <form aria-label="学员登录" />;
  },
};

const CASES: { name: string; Page: ComponentType; location: string; page: ServerPage; asks?: string[] }[] = [
  {
    name: 'an article',
    Page: NewsDetailPage,
    location: '/associationNewsDetail?postid=7',
    page: {
      page: 'article',
      // The API's article (the server's facts are its answer): with its id, which the page compares with the address's.
      article: TEST_ARTICLE,
    },
    asks: ['/v1/article'],
  },
  {
    name: "a list's second page, searched",
    Page: NewsListPage,
    location: '/newsList?newsId=2&page=2&keyword=注册',
    page: {
      page: 'list',
      categoryId: 2,
      categoryName: '办事指南',
      site,
      list: { total: 12, data: [summary(11, '执业药师注册指南'), summary(12, '注册变更')] },
    },
  },
  {
    name: 'a topic',
    Page: TopicDetailPage,
    location: '/newDetail?api=credit',
    page: { page: 'topic', topic: { title: '学分管理', content: '<p>学分按年度登记。</p>' } },
  },
  {
    name: 'the home page',
    Page: HomePage,
    location: '/',
    page: {
      page: 'home',
      slides: [{ image: '/media/slide-1.jpg', title: '年会召开', url: '' }],
      quickLinks: [{ label: '学时查询', url: '/studentsNote' }],
      lists: [1, 2, 3, 4, 5].map((categoryId) => ({
        categoryId,
        total: 30,
        articles: Array.from({ length: 7 }, (_, i) => summary(categoryId * 10 + i, `第${categoryId}类第${i + 1}条`)),
      })),
    },
    // The advertisements are the browser's alone (not in the server's HTML).
    asks: ['/v1/adv'],
  },
  {
    name: '协会简介',
    Page: AssociationIntroducePage,
    location: '/associationIntroduce',
    page: {
      page: 'introduction',
      introduction: {
        name: '省执业药师协会',
        introduction: [{ title: '协会概况', html: '<p>成立于2003年。</p>' }],
        charter: '<p>第一条</p>',
      },
    },
  },
  { name: '联系我们', Page: ContactPage, location: '/contactUs', page: { page: 'contact', site } },
  { name: '通知公告', Page: NoticePage, location: '/notice', page: { page: 'notice' } },
  { name: '下载APP', Page: AppDownloadPage, location: '/downloadApp', page: { page: 'app', site } },
  {
    name: "/verify with the server's answer",
    Page: VerifyPage,
    location: '/verify?no=XS2026ABCDEFGH12',
    page: {
      page: 'verify',
      no: 'XS2026ABCDEFGH12',
      result: {
        certificate_no: 'XS2026ABCDEFGH12',
        verdict: 'genuine',
        name_masked: '张*明',
        year: 2026,
        class_hour: 90,
        issuer: '省执业药师协会',
        issued_on: '2026-11-20',
        revoked_on: null,
      },
    },
  },
];

const HEAD_TAGS = /<style data-precedence="[^"]*" data-href="[^"]*">[\s\S]*?<\/style>|<link rel="preload"[^>]*>/g;

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  forgetServerAnswer();
});

test.each(CASES)(
  '$name hydrates with no mismatch, keeps the server nodes and asks only for what it was not handed',
  async ({ Page, location, page, asks = [] }) => {
    // The advertisements (the browser's alone): none today.
    const calls = stubApi({ '/v1/adv': () => ok({}) });
    const { html, queries, outside } = renderForHydration(page, location);
    const container = document.createElement('div');
    // The shell's RemotePage draws the page inside a Suspense boundary: the server's markers are round it.
    // What the server moves to the head (deploy/src/public-pages/page-head.ts, hoistStyles): React's hoisted styles and preloads.
    const body = html.replace(HEAD_TAGS, (tag) => {
      document.head.insertAdjacentHTML('beforeend', tag);
      return '';
    });
    container.innerHTML = `<!--$-->${body}<!--/$-->`;
    document.body.append(container);
    document.body.insertAdjacentHTML('beforeend', outside);
    // The login box's place is left out: the shell draws the box there once hydrated, as it should.
    const loginBox = container.querySelector('[data-takeover]')?.closest('section');
    const serverNodes = Array.from(container.querySelectorAll('h1, h2, p, a')).filter(
      (node) => !loginBox?.contains(node),
    );
    expect(serverNodes.length).toBeGreaterThan(0);

    const store = createTestStore();
    // The frame's answer the pages read too (the shell's, in the site).
    // The frame's answer the pages read too (the shell's, in the site), then the page's.
    const answered = seedAnswers(store.dispatch, [
      { endpointName: 'siteSettings', arg: undefined, value: site },
      ...queries,
    ]);
    expect(answered.seeded).toBe(queries.length + 1);
    const errors: unknown[] = [];
    // React's words on a mismatch (development builds say it on the console too).
    const consoleErrors = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (args.some((arg) => /hydrat|didn't match/i.test(String(arg)))) errors.push(args);
    });
    await act(async () => {
      hydrateRoot(
        container,
        <Provider store={store}>
          <SiteSlotsContext.Provider value={SLOTS}>
            <MemoryRouter initialEntries={[location]}>
              <Suspense fallback={<p>加载中…</p>}>
                <Page />
              </Suspense>
            </MemoryRouter>
          </SiteSlotsContext.Provider>
        </Provider>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    consoleErrors.mockRestore();
    answered.release();
    expect(errors).toEqual([]);
    const replaced = serverNodes.filter((node) => !node.isConnected);
    expect(replaced.map((node) => node.outerHTML)).toEqual([]);
    expect([...new Set(calls.map((call) => call.path))].sort()).toEqual(asks);
  },
);

test('speaks the hydration contract the server expects', () => {
  expect(SERVER_HYDRATION_API).toBe(1);
});
