import { renderToString } from 'react-dom/server';
// The server bundle is a Node program of its own (built by rspack/server-bundle.ts, never
// federated), so it carries react-router's MemoryRouter itself; the browser build still
// reaches the router only through the shared `@yaoshi/ui/router` facade.
import { MemoryRouter } from 'react-router';
import type { ArticleViewData } from '@yaoshi/ui/article-view';
import { SectionBox } from '@yaoshi/ui/section-box';
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
import type { ArticleSummary, SiteSettings, Slide } from '@yaoshi/contracts/content';
import type { PublicQuickLink } from '@yaoshi/contracts/content-admin';
import type { AssociationIntroduction } from '@yaoshi/contracts/association-profile';
import { ArticleLinks } from '../articles/article-title-list';
import { HomeView } from '../home/home-view';
import { SlidesView } from '../home/slideshow';
import { QuickLinkTiles } from '../home/quick-links';
import { EducationBannerButton } from '../home/education-banner';
import { AssociationIntroductionView } from '../association-introduction/association-introduction-view';
import { ContactView } from '../contact/contact-view';
import { NoticeView } from '../notice/notice-view';
import { AppDownloadView } from '../app-download/app-download-view';

/**
 * What the server hands this version's server bundle: the data a public page shows, read
 * with the API's own queries (deploy/src/public-pages/public-page-facts.ts). The shape is a
 * contract between the server and every published version: fields are only ever added.
 */
export type ServerPage =
  | { page: 'article'; article: ArticleViewData & { catid: number }; categoryName?: string | undefined }
  | {
      page: 'list';
      categoryId: number;
      categoryName: string;
      list: { total: number; data: readonly { id: number; title: string; published_time: string }[] };
      /** Added later: the site settings, for the list's 联系我们 block (without them it says it is loading). */
      site?: SiteSettings | null | undefined;
    }
  | { page: 'topic'; topic: { title: string; content: string } }
  /** `result` (added later): the lookup's answer, masked by the server's query as the API's. */
  | { page: 'verify'; no: string; result?: CertificateVerification | undefined }
  // Added with SERVER_PAGES: a server hands these only to a bundle that lists them.
  | {
      page: 'home';
      slides: readonly Slide[];
      quickLinks: readonly PublicQuickLink[];
      /** The newest articles (up to 7) of each category. */
      lists: readonly { categoryId: number; articles: readonly ArticleSummary[] }[];
    }
  | { page: 'introduction'; introduction: AssociationIntroduction }
  | { page: 'contact'; site: SiteSettings }
  | { page: 'notice' }
  | { page: 'app'; site: SiteSettings };

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
function VerifyMarkup({ no, result }: Extract<ServerPage, { page: 'verify' }>) {
  const answer = result ? (
    <>
      <Verdict result={result} />
      {/* The browser's page takes this answer rather than looking it up again (server-answer.ts). */}
      <script
        type="application/json"
        id={SERVER_ANSWER_ID}
        dangerouslySetInnerHTML={{ __html: serverAnswerJson(no, result) }}
      />
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

/**
 * The login box is the shell's (drawn by the browser): the server keeps its place, marked
 * `data-takeover="visible"` so that the browser's site starts as soon as the place is on
 * screen (the shell's site-takeover.js), not only on the visitor's first intent.
 */
const LOGIN_PANEL_HEIGHT = 274;

function LoginBoxPlace() {
  return (
    <SectionBox title="学员登录" style={{ height: '100%' }}>
      {/* As tall as the shell's panel (its password form, 274 px at 390 to 1440 px wide): the row
          and everything below stay where they are when the browser draws it (e2e: public-pages-same-picture). */}
      <div style={{ minHeight: LOGIN_PANEL_HEIGHT }} data-takeover="visible" />
    </SectionBox>
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
      banner={<EducationBannerButton />}
    />
  );
}

function pageMarkup(page: ServerPage, search: string) {
  switch (page.page) {
    case 'article':
      return <ArticleMarkup {...page} />;
    case 'list':
      return ListMarkup(page, search);
    case 'verify':
      return <VerifyMarkup {...page} />;
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
