import { renderToString } from 'react-dom/server';
import { pageQueries } from './page-queries';
import type { ServerPage } from './server-page';
import type { QueryEntry } from '@yaoshi/contracts/hydration';
// The server bundle is a Node program of its own (built by rspack/server-bundle.ts, never
// federated), so it carries react-router's MemoryRouter itself; the browser build still
// reaches the router only through the shared `@yaoshi/ui/router` facade.
import { MemoryRouter } from 'react-router';
import { LoginBoxPlace } from '@yaoshi/ui/login-box-place';
import { CERTIFICATE_NO_PATTERN } from '@yaoshi/contracts/certificate-rules';
import { CATEGORY_NAMES, listPageSize } from '../articles/categories';
import { topicApiOf } from '../articles/article-api';
import { Verdict } from '../certificates/verdict';
import { VerifyBadNumber, VerifyLooking, VerifyPrompt, VerifyView } from '../certificates/verify-view';
import { ArticlePageView } from '../news/article-page-view';
import { NewsListView, categoryNameOf } from '../news/news-list-view';
import { listPlaceOf } from '../news/list-place';
import { TopicView } from '../topic-detail/topic-view';
import { SERVER_ANSWER_ID, serverAnswerJson } from '../certificates/server-answer';
import type { CertificateVerification } from '@yaoshi/contracts/certificates';
import { ArticleLinks } from '../articles/article-title-list';
import { HomeView } from '../home/home-view';
import { SlidesView } from '../home/slideshow';
import { QuickLinkTiles } from '../home/quick-links';
import { EducationBannerView } from '../home/education-banner';
import { AssociationIntroductionView } from '../association-introduction/association-introduction-view';
import { ContactView } from '../contact/contact-view';
import { NoticeView } from '../notice/notice-view';
import { AppDownloadView } from '../app-download/app-download-view';

export type { ServerPage };

/** The version of this contract the bundle speaks; the server refuses bundles of another. */
export const SERVER_RENDER_API = 1;
/** The page kinds this bundle renders (a server without it assumes the first four). */
export const SERVER_PAGES: readonly ServerPage['page'][] = [
  'article',
  'list',
  'topic',
  'verify',
  'home',
  'introduction',
  'contact',
  'notice',
  'app',
];

function ArticleMarkup({ article, categoryName }: Extract<ServerPage, { page: 'article' }>) {
  // The browser's article page names the fixed categories (spec 01 §2); the server's name is for any other.
  const name = CATEGORY_NAMES[article.catid] ?? categoryName;
  return (
    <ArticlePageView category={name ? { id: article.catid, name } : undefined} shown={{ kind: 'article', article }} />
  );
}

function ListMarkup({ categoryId, categoryName, list, site }: Extract<ServerPage, { page: 'list' }>, search: string) {
  const params = new URLSearchParams(search);
  return (
    <NewsListView
      name={categoryNameOf(categoryId, categoryName)}
      categoryId={categoryId}
      params={params}
      place={listPlaceOf(params)}
      pageSize={listPageSize(categoryId)}
      list={list}
      site={site}
    />
  );
}

function TopicMarkup({ topic }: Extract<ServerPage, { page: 'topic' }>, search: string) {
  const slug = topicApiOf(new URLSearchParams(search).get('api'));
  return <TopicView topic={slug} shown={{ kind: 'topic', title: topic.title, content: topic.content }} />;
}

/**
 * /verify's search as a plain GET form, so it works before (and without) the browser's script;
 * with the server's answer (counted once against the lookup limit by the server), which the
 * browser's page takes from the page instead of asking again.
 */
function VerifyMarkup({
  no,
  result,
  answerInside = true,
}: Extract<ServerPage, { page: 'verify' }> & { answerInside?: boolean }) {
  const answer = result ? (
    <>
      <Verdict result={result} />
      {/* The browser's page takes this answer rather than looking it up again (server-answer.ts).
          For hydration it goes outside the page's markup (hydrationAnswerScript), which the browser's page does not draw. */}
      {answerInside && <AnswerScript no={no} result={result} />}
    </>
  ) : !no ? (
    <VerifyPrompt />
  ) : CERTIFICATE_NO_PATTERN.test(no) ? (
    // No answer for a well-formed number (past the server's lookup limit): the browser asks.
    <VerifyLooking />
  ) : (
    <VerifyBadNumber />
  );
  return <VerifyView typed={no} answer={answer} />;
}

function AnswerScript({ no, result }: { no: string; result: CertificateVerification }) {
  return (
    <script
      type="application/json"
      id={SERVER_ANSWER_ID}
      dangerouslySetInnerHTML={{ __html: serverAnswerJson(no, result) }}
    />
  );
}

function HomeMarkup({ slides, quickLinks, lists }: Extract<ServerPage, { page: 'home' }>) {
  const articlesOf = (categoryId: number) => lists.find((list) => list.categoryId === categoryId)?.articles ?? [];
  return (
    <HomeView
      slideshow={<SlidesView slides={slides} />}
      listOf={(categoryId, count) => (
        <ArticleLinks articles={articlesOf(categoryId).slice(0, count)} categoryId={categoryId} rows={count} />
      )}
      loginPanel={<LoginBoxPlace />}
      quickLinks={<QuickLinkTiles links={quickLinks} />}
      banner={<EducationBannerView />}
    />
  );
}

function pageMarkup(page: ServerPage, search: string, forHydration = false) {
  switch (page.page) {
    case 'article':
      return <ArticleMarkup {...page} />;
    case 'list':
      return ListMarkup(page, search);
    case 'verify':
      return <VerifyMarkup {...page} answerInside={!forHydration} />;
    case 'topic':
      return TopicMarkup(page, search);
    case 'home':
      return <HomeMarkup {...page} />;
    case 'introduction':
      return <AssociationIntroductionView data={page.introduction} />;
    case 'contact':
      return <ContactView site={page.site} />;
    case 'notice':
      return <NoticeView />;
    case 'app':
      return <AppDownloadView site={page.site} inWeChat={false} />;
  }
}

/**
 * The page's markup for the HTML the server sends (crawlers, previews, the first paint); the
 * browser's render replaces it once the shell and this remote have loaded.
 */
export function renderPage(page: ServerPage, location: string): string {
  const at = location.indexOf('?');
  const search = at < 0 ? '' : location.slice(at);
  return renderToString(
    <MemoryRouter initialEntries={[location]}>
      {/* The browser's page sits in SiteFrame's <main> (padding 16 px, none below): the same box here. */}
      <main style={{ maxWidth: 1200, margin: '0 auto', padding: '16px 16px 0' }}>{pageMarkup(page, search)}</main>
    </MemoryRouter>,
  );
}

/** The version of `renderForHydration`'s contract; a server without it renders with `renderPage` (no hydration). */
export const SERVER_HYDRATION_API = 1;

/**
 * The page for hydration (issue 38): the markup the browser's page draws on its first render
 * with its queries answered, without the `<main>` round it (the shell's frame has it), and
 * the answers themselves, as this remote's endpoints cache them (server-render/page-queries.ts),
 * which the shell puts into its store before hydrating, so the browser's first render is this
 * markup, node for node. `outside`: markup that goes after `#root`, outside what React hydrates
 * (/verify's answer, which the browser's page reads from the document).
 */
export function renderForHydration(
  page: ServerPage,
  location: string,
): { html: string; queries: QueryEntry[]; outside: string } {
  const at = location.indexOf('?');
  const search = at < 0 ? '' : location.slice(at);
  const html = renderToString(
    <MemoryRouter initialEntries={[location]}>{pageMarkup(page, search, true)}</MemoryRouter>,
  );
  const outside =
    page.page === 'verify' && page.result ? renderToString(<AnswerScript no={page.no} result={page.result} />) : '';
  return { html, queries: pageQueries(page, search), outside };
}
