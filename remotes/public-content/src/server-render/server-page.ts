import type { ArticleViewData } from '@yaoshi/ui/article-view';
import type { CertificateVerification } from '@yaoshi/contracts/certificates';
import type { ArticleSummary, SiteSettings, Slide } from '@yaoshi/contracts/content';
import type { PublicQuickLink } from '@yaoshi/contracts/content-admin';
import type { AssociationIntroduction } from '@yaoshi/contracts/association-profile';

/**
 * What the server hands this version's server bundle: the data a public page shows, read
 * with the API's own queries (deploy/src/public-pages/public-page-facts.ts). The shape is a
 * contract between the server and every published version: fields are only ever added.
 */
export type ServerPage =
  | {
      page: 'article';
      /** The API's article (its id included, which the browser's page compares with the address's). */
      article: ArticleViewData & { catid: number; id?: number | undefined };
      categoryName?: string | undefined;
    }
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
      /** `total` (added later): the category's count, as the list endpoint answers it. */
      lists: readonly { categoryId: number; articles: readonly ArticleSummary[]; total?: number | undefined }[];
    }
  | { page: 'introduction'; introduction: AssociationIntroduction }
  | { page: 'contact'; site: SiteSettings }
  | { page: 'notice' }
  | { page: 'app'; site: SiteSettings };
