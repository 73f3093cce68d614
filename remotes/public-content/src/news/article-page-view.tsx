import { ArticleView, type ArticleViewData } from '@yaoshi/ui/article-view';
import { newsListHref } from '../articles/categories';
import { ARTICLE_BOX_STYLE } from '../layout/page-styles';
import { PageStateText } from '../layout/page-state-text';
import { PageBreadcrumb, type Crumb } from '../layout/page-breadcrumb';

export const ARTICLE_MISSING_TEXT = '文章不存在或已被删除';

/** What the article page shows: the article, its loading state, or that it is missing. */
export type ArticleShown = { kind: 'article'; article: ArticleViewData } | { kind: 'loading' } | { kind: 'missing' };

/**
 * An article's page: 首页 / its category (a link to the list) / 正文, and the article in its
 * box. Drawn by the browser's article page and by the server render: one markup for both.
 */
export function ArticlePageView({
  category,
  shown,
}: {
  category: { id: number; name: string } | undefined;
  shown: ArticleShown;
}) {
  const trail: Crumb[] = [
    ...(category ? [{ label: category.name, href: newsListHref(category.id) }] : []),
    { label: '正文' },
  ];
  return (
    <div>
      <PageBreadcrumb trail={trail} />
      <article style={ARTICLE_BOX_STYLE}>
        {shown.kind === 'missing' ? (
          <PageStateText>{ARTICLE_MISSING_TEXT}</PageStateText>
        ) : shown.kind === 'loading' ? (
          <PageStateText busy>正在加载…</PageStateText>
        ) : (
          <ArticleView article={shown.article} />
        )}
      </article>
    </div>
  );
}
