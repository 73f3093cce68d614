import { renderToString } from 'react-dom/server';
// The server bundle is a Node program of its own (built by rspack/server-bundle.ts, never
// federated), so it carries react-router's MemoryRouter itself; the browser build still
// reaches the router only through the shared `@yaoshi/ui/router` facade.
import { MemoryRouter } from 'react-router';
import { ArticleView, type ArticleViewData } from '@yaoshi/ui/article-view';
import { SafeHtml } from '@yaoshi/ui/safe-html';
import { SectionBox } from '@yaoshi/ui/section-box';
import { tokens } from '@yaoshi/ui/site-tokens';
import { ARTICLE_BOX_STYLE, VERIFY_BUTTON_STYLE, VERIFY_INPUT_STYLE } from '../layout/page-styles';
import { PageBreadcrumb, type Crumb } from '../layout/page-breadcrumb';
import { articleHref, newsListHref } from '../articles/categories';
import { VERIFY_TEXTS } from '../certificates/verify-texts';
import { Verdict } from '../certificates/verdict';
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
  const trail: Crumb[] = [
    ...(categoryName ? [{ label: categoryName, href: newsListHref(article.catid) }] : []),
    { label: '正文' },
  ];
  return (
    <div>
      <PageBreadcrumb trail={trail} />
      <article style={ARTICLE_BOX_STYLE}>
        <ArticleView article={article} />
      </article>
    </div>
  );
}

function ListMarkup({ categoryId, categoryName, list }: Extract<ServerPage, { page: 'list' }>) {
  return (
    <div>
      <PageBreadcrumb trail={[{ label: categoryName }]} />
      <SectionBox title={<span>{categoryName}</span>}>
        <h1 style={{ fontSize: 18, margin: '4px 0 8px' }}>{categoryName}</h1>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.data.map((item) => (
            <li key={item.id} style={{ display: 'flex', justifyContent: 'space-between', lineHeight: '36px' }}>
              <a href={articleHref(item.id, categoryId)}>{item.title}</a>
              <span style={{ color: tokens.colorTextDescription }}>{item.published_time.slice(0, 10)}</span>
            </li>
          ))}
        </ul>
      </SectionBox>
    </div>
  );
}

function TopicMarkup({ topic }: Extract<ServerPage, { page: 'topic' }>) {
  return (
    <div>
      <PageBreadcrumb trail={[{ label: topic.title }]} />
      <article style={ARTICLE_BOX_STYLE}>
        <h1 style={{ fontSize: 24, textAlign: 'center', margin: '0 0 12px' }}>{topic.title}</h1>
        <SafeHtml html={topic.content} label="正文" headingsBelow={1} />
      </article>
    </div>
  );
}

/**
 * /verify's search as a plain GET form, so it works before (and without) the browser's script;
 * with the server's answer (counted once against the lookup limit by the server), which the
 * browser's page takes from the page instead of asking again.
 */
function VerifyMarkup({ no, result }: Extract<ServerPage, { page: 'verify' }>) {
  return (
    <div>
      <PageBreadcrumb trail={[{ label: VERIFY_TEXTS.title }]} />
      <SectionBox title={VERIFY_TEXTS.title}>
        <form
          action="/verify"
          method="get"
          style={{ maxWidth: 640, margin: '16px auto 32px', display: 'grid', gap: 16 }}
        >
          <div style={{ display: 'flex', gap: 8 }} role="search">
            <input
              aria-label="证书编号"
              name="no"
              defaultValue={no}
              maxLength={20}
              placeholder="证书编号"
              style={VERIFY_INPUT_STYLE}
            />
            <button type="submit" style={VERIFY_BUTTON_STYLE}>
              验证
            </button>
          </div>
          {result ? (
            <>
              <Verdict result={result} />
              {/* The browser's page takes this answer rather than looking it up again (server-answer.ts). */}
              <script
                type="application/json"
                id={SERVER_ANSWER_ID}
                dangerouslySetInnerHTML={{ __html: serverAnswerJson(no, result) }}
              />
            </>
          ) : (
            <p style={{ color: tokens.colorTextDescription }}>{no ? VERIFY_TEXTS.loading : VERIFY_TEXTS.prompt}</p>
          )}
        </form>
      </SectionBox>
    </div>
  );
}

/**
 * The login box is the shell's (drawn by the browser): the server keeps its place, marked
 * `data-takeover="visible"` so that the browser's site starts as soon as the place is on
 * screen (the shell's site-takeover.js), not only on the visitor's first intent.
 */
function LoginBoxPlace() {
  return (
    <SectionBox title="学员登录" style={{ height: '100%' }}>
      <div style={{ minHeight: 200 }} data-takeover="visible" />
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

function pageMarkup(page: ServerPage) {
  switch (page.page) {
    case 'article':
      return <ArticleMarkup {...page} />;
    case 'list':
      return <ListMarkup {...page} />;
    case 'verify':
      return <VerifyMarkup {...page} />;
    case 'topic':
      return <TopicMarkup {...page} />;
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
  return renderToString(
    <MemoryRouter initialEntries={[location]}>
      <main style={{ maxWidth: 1200, margin: '0 auto', padding: '16px' }}>{pageMarkup(page)}</main>
    </MemoryRouter>,
  );
}
