import type { Article, ArticleSummary, SiteSettings, Slide, TopicPage } from '@yaoshi/contracts/content';
import type { PublicQuickLink } from '@yaoshi/contracts/content-admin';
import type { AssociationIntroduction } from '@yaoshi/contracts/association-profile';
import type { CertificateVerification } from '@yaoshi/contracts/certificates';
import { CERTIFICATE_NO_PATTERN } from '@yaoshi/contracts/certificate-rules';
import type { Database } from '@yaoshi/api-server/db/database';
import {
  listArticles,
  listCategories,
  listQuickLinks,
  listSlides,
  readPublicArticle,
  readSiteSettings,
  readTopicPage,
} from '@yaoshi/api-server/content/content-queries';
import { readAssociationIntroduction } from '@yaoshi/api-server/association-profile/association-profile';
import { verifyCertificate } from '@yaoshi/api-server/certificates/certificates';
import type { TopicPageSlug } from '@yaoshi/api-server/content/content-schema';
import { sanitizeRichText } from '@yaoshi/api-server/content/rich-text';
import { LOGO_PATH, PAGE_MISSING_TITLE, firstImageOf, leadOf, shortDescription, type PageHead } from './page-head';

/**
 * The public pages the server renders and describes, with their names; every other page path
 * (learner and staff pages) stays client-rendered and gets the shell as it is.
 */
export const PUBLIC_PAGES: Readonly<Record<string, string>> = {
  '/': '首页',
  '/newsList': '资讯列表',
  '/associationNewsDetail': '新闻详情',
  '/newDetail': '专题详情',
  '/associationIntroduce': '协会简介',
  '/contactUs': '联系我们',
  '/notice': '通知公告',
  '/downloadApp': '下载APP',
  '/verify': '学时证明验证',
};

/** What each page without a description of its own says about itself (`{name}`: the association). */
const PAGE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '/': '{name}官方网站：协会动态、办事指南、继续教育、党群工作与会员风采，执业药师继续教育在线学习与学时证明验证。',
  '/newsList': '{name}{list}：最新文章列表。',
  '/associationIntroduce': '{name}简介、组织机构与章程。',
  '/contactUs': '{name}的地址、邮编、监督电话与服务热线。',
  '/notice': '{name}通知公告。',
  '/downloadApp': '下载{name}继续教育 APP（iOS 与 Android）。',
  '/verify': '验证{name}出具的学时证明是否真实有效。',
};

const TOPIC_SLUGS: readonly TopicPageSlug[] = ['education', 'credit', 'promote'];

/** A news list's page size as the list page asks for it (spec 01 §2, §9): 15 for association news, else 10. */
export function listPageSizeOf(categoryId: number): number {
  return categoryId === 1 ? 15 : 10;
}

/** The longest title search the API takes (`/v1/article`'s keyword). */
const KEYWORD_MAX = 50;

/** A positive whole number from a query parameter, or null. */
export function idParam(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * The newest articles of every category the home page is given (the remote picks which
 * categories it shows and how many of each, up to this many).
 */
export const HOME_LIST_MAX = 7;

/**
 * The data a public page shows, read on the server with the API's own queries. A contract
 * with every published server bundle: kinds and fields are only added (see server-render.ts
 * for how a bundle says which kinds it renders).
 */
export type PageData =
  | { page: 'article'; article: Article; categoryName: string | undefined }
  | {
      page: 'list';
      categoryId: number;
      categoryName: string;
      list: Awaited<ReturnType<typeof listArticles>>;
      /** Added later, for the list's 联系我们 block (a bundle published before ignores it). */
      site: SiteSettings | null;
    }
  | { page: 'topic'; topic: TopicPage }
  /** `result`: the certificate's answer, masked as the API gives it; absent without a well-formed number. */
  | { page: 'verify'; no: string; result?: CertificateVerification }
  | {
      page: 'home';
      slides: Slide[];
      quickLinks: PublicQuickLink[];
      lists: { categoryId: number; articles: ArticleSummary[]; total: number }[];
    }
  | { page: 'introduction'; introduction: AssociationIntroduction }
  | { page: 'contact'; site: SiteSettings }
  | { page: 'notice' }
  | { page: 'app'; site: SiteSettings }
  | { page: 'other' };

export interface PublicPageFacts {
  head: PageHead;
  site: SiteSettings | null;
  data: PageData;
}

function describe(template: string, site: SiteSettings | null, list = ''): string {
  return template.replace('{name}', site?.site_name ?? '').replace('{list}', list ? `「${list}」` : '');
}

function missing(path: string): PageHead {
  return {
    status: 404,
    title: PAGE_MISSING_TITLE,
    description: '您访问的页面不存在或已被删除。',
    canonicalPath: path,
    image: LOGO_PATH,
    kind: 'website',
  };
}

/**
 * The facts of one public page address, or undefined when the path is not a public page.
 * An article or topic that is not public, an unknown category or a missing id is a 404.
 */
export async function publicPageFacts(db: Database, url: URL, now: Date): Promise<PublicPageFacts | undefined> {
  const path = url.pathname;
  const name = PUBLIC_PAGES[path];
  if (name === undefined) return undefined;
  const site = await readSiteSettings(db);
  const page = (title: string, description: string, canonicalPath = path): PageHead => ({
    status: 200,
    title,
    description: shortDescription(description),
    canonicalPath,
    image: LOGO_PATH,
    kind: 'website',
  });
  const params = url.searchParams;
  switch (path) {
    case '/': {
      // Titled with the association's name alone (spec 01's default title; page-title.ts).
      const head = page('', describe(PAGE_DESCRIPTIONS['/'] ?? '', site));
      const [slides, quickLinks, categories] = await Promise.all([
        listSlides(db),
        listQuickLinks(db),
        listCategories(db),
      ]);
      const lists = await Promise.all(
        categories.map(async (category) => {
          const list = await listArticles(db, { now, catid: category.id, limit: HOME_LIST_MAX, page: 1 });
          return { categoryId: category.id, articles: list.data, total: list.total };
        }),
      );
      return {
        head,
        site,
        data: { page: 'home', slides, quickLinks, lists },
      };
    }
    case '/associationIntroduce': {
      const introduction = await readAssociationIntroduction(db);
      const lead = leadOf(introduction.introduction[0]?.html ?? '');
      return {
        head: page(name, lead || describe(PAGE_DESCRIPTIONS[path] ?? '', site)),
        site,
        data: { page: 'introduction', introduction },
      };
    }
    case '/contactUs':
    case '/downloadApp':
      return {
        head: page(name, describe(PAGE_DESCRIPTIONS[path] ?? '', site)),
        site,
        data: site ? { page: path === '/contactUs' ? 'contact' : 'app', site } : { page: 'other' },
      };
    case '/notice':
      return { head: page(name, describe(PAGE_DESCRIPTIONS[path] ?? '', site)), site, data: { page: 'notice' } };
    case '/associationNewsDetail': {
      const id = idParam(params.get('postid'));
      const stored = id === null ? null : await readPublicArticle(db, id, now);
      if (!stored) return { head: missing(path), site, data: { page: 'other' } };
      // Sanitized again on the way out, as the browser does with DOMPurify: HTML that reached the
      // database another way never reaches a page (the server bundle has no DOM to purify with).
      const article = { ...stored, content: sanitizeRichText(stored.content) };
      const categories = await listCategories(db);
      return {
        head: {
          status: 200,
          title: article.title,
          description: shortDescription(article.excerpt || leadOf(article.content) || article.title),
          canonicalPath: `${path}?postid=${article.id}`,
          image: firstImageOf(article.content) ?? LOGO_PATH,
          kind: 'article',
        },
        site,
        data: { page: 'article', article, categoryName: categories.find((c) => c.id === article.catid)?.name },
      };
    }
    case '/newsList': {
      const categoryId = idParam(params.get('newsId'));
      const category = (await listCategories(db)).find((c) => c.id === categoryId);
      if (!category) return { head: missing(path), site, data: { page: 'other' } };
      const limit = listPageSizeOf(category.id);
      // The place in the list the address keeps (`page`, `keyword`), as the browser's list page
      // reads it: a reload or a shared link of page 2 shows page 2, not the first.
      const listPage = idParam(params.get('page')) ?? 1;
      const keyword = (params.get('keyword') ?? '').trim().slice(0, KEYWORD_MAX);
      const list = await listArticles(db, { now, catid: category.id, limit, page: listPage, keyword });
      return {
        head: page(
          category.name,
          describe(PAGE_DESCRIPTIONS['/newsList'] ?? '', site, category.name) +
            list.data.map((a) => a.title).join('；'),
          `${path}?newsId=${category.id}`,
        ),
        site,
        data: { page: 'list', categoryId: category.id, categoryName: category.name, list, site },
      };
    }
    case '/newDetail': {
      const slug = TOPIC_SLUGS.find((s) => s === params.get('api'));
      const storedTopic = slug ? await readTopicPage(db, slug) : null;
      if (!slug || !storedTopic) return { head: missing(path), site, data: { page: 'other' } };
      const topic = { ...storedTopic, content: sanitizeRichText(storedTopic.content) };
      return {
        head: page(topic.title, leadOf(topic.content) || topic.title, `${path}?api=${slug}`),
        site,
        data: { page: 'topic', topic },
      };
    }
    case '/verify': {
      // The number as the browser's page reads it (trimmed, upper case); the page shows it back.
      const no = (params.get('no') ?? '').trim().toUpperCase().slice(0, 20);
      // The API's own lookup; each view is counted against the visitor's lookup limit (public-pages.ts).
      const result = CERTIFICATE_NO_PATTERN.test(no) ? await verifyCertificate(db, no) : undefined;
      return {
        head: page(name, describe(PAGE_DESCRIPTIONS[path] ?? '', site)),
        site,
        data: result ? { page: 'verify', no, result } : { page: 'verify', no },
      };
    }
    default:
      return { head: page(name, describe(PAGE_DESCRIPTIONS[path] ?? '', site)), site, data: { page: 'other' } };
  }
}

/** A budget's end: the promise's value, or `undefined` once `ms` have passed (the browser finishes the page). */
export async function withinBudget<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
