import { useSearchParams } from '@yaoshi/ui/router';
import { ArticleView } from '@yaoshi/ui/article-view';
import { useArticleQuery } from '../articles/article-api';
import { CATEGORY_NAMES, idParam, newsListHref } from '../articles/categories';
import { ARTICLE_BOX_STYLE } from '../layout/page-styles';
import { PageBreadcrumb, type Crumb } from '../layout/page-breadcrumb';
import { tokens } from '@yaoshi/ui/site-tokens';
import { PAGE_MISSING_TITLE } from '@yaoshi/ui/page-title';
import { usePublicTitle } from '../layout/public-title';

export const ARTICLE_MISSING_TEXT = '文章不存在或已被删除';

/** `/associationNewsDetail?postid=…`: one article; each open is a view counted by the server. */
export default function NewsDetailPage() {
  const [params] = useSearchParams();
  const postid = idParam(params.get('postid'));
  const {
    data: article,
    isFetching,
    isError,
  } = useArticleQuery(postid ?? 0, { skip: postid === null, refetchOnMountOrArgChange: true });
  // Titled by the article, as the server titles its HTML; a missing article as the server's 404.
  usePublicTitle(postid === null || (isError && !article) ? PAGE_MISSING_TITLE : article?.title);
  const categoryId = article?.catid ?? idParam(params.get('newsId'));
  const categoryName = categoryId !== null ? CATEGORY_NAMES[categoryId] : undefined;
  const trail: Crumb[] = [
    ...(categoryName && categoryId !== null ? [{ label: categoryName, href: newsListHref(categoryId) }] : []),
    { label: '正文' },
  ];

  return (
    <div>
      <PageBreadcrumb trail={trail} />
      <article style={ARTICLE_BOX_STYLE}>
        {postid === null || (isError && !article) ? (
          <p style={{ textAlign: 'center', color: tokens.colorTextDescription, margin: '48px 0' }}>
            {ARTICLE_MISSING_TEXT}
          </p>
        ) : !article || (isFetching && article.id !== postid) ? (
          <p style={{ textAlign: 'center', color: tokens.colorTextDescription, margin: '48px 0' }} aria-busy="true">
            正在加载…
          </p>
        ) : (
          <ArticleView article={article} />
        )}
      </article>
    </div>
  );
}
