import { useSearchParams } from '@yaoshi/ui/router';
import { useArticleQuery } from '../articles/article-api';
import { CATEGORY_NAMES, idParam } from '../articles/categories';
import { ArticlePageView, type ArticleShown } from './article-page-view';
import { PAGE_MISSING_TITLE } from '@yaoshi/ui/page-title';
import { usePublicTitle } from '../layout/public-title';

/**
 * `/associationNewsDetail?postid=…`: one article; each open is a view counted by the server.
 * The markup is ArticlePageView's, which the server renders too.
 */
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
  const shown: ArticleShown =
    postid === null || (isError && !article)
      ? { kind: 'missing' }
      : !article || (isFetching && article.id !== postid)
        ? { kind: 'loading' }
        : { kind: 'article', article };
  return (
    <ArticlePageView
      category={categoryName && categoryId !== null ? { id: categoryId, name: categoryName } : undefined}
      shown={shown}
    />
  );
}
