import { Link } from '@yaoshi/ui/router';
import { EMPTY_LIST_TEXT } from '@yaoshi/ui/message-texts';
import type { ArticleSummary } from '@yaoshi/contracts/content';
import { useArticleListQuery } from './article-api';
import { articleHref } from './categories';
import { tokens } from '@yaoshi/ui/site-tokens';

/** The day of a publication time as the server writes it (Beijing time, `YYYY-MM-DD HH:mm:ss`). */
export function publishedDate(publishedTime: string): string {
  return /^\d{4}-\d{2}-\d{2}(?=$|[ T])/.exec(publishedTime)?.[0] ?? publishedTime;
}

/** What a title link needs of an article. */
export type ArticleLink = Pick<ArticleSummary, 'id' | 'title' | 'published_time'>;

/** Linked titles with their dates; an empty list says 暂无数据. */
export function ArticleLinks({
  articles,
  categoryId,
  loading = false,
  rows,
}: {
  articles: readonly ArticleLink[];
  categoryId: number;
  loading?: boolean;
  rows: number;
}) {
  if (loading && articles.length === 0) {
    return (
      <ul aria-busy="true" aria-label="加载中" style={listStyle}>
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} style={itemStyle}>
            <span
              style={{
                display: 'block',
                height: 14,
                width: `${60 + ((i * 13) % 30)}%`,
                background: tokens.colorBorderSecondary,
                borderRadius: 4,
              }}
            />
          </li>
        ))}
      </ul>
    );
  }
  if (articles.length === 0)
    return (
      <p style={{ color: tokens.colorTextDescription, textAlign: 'center', margin: '24px 0' }}>{EMPTY_LIST_TEXT}</p>
    );
  return (
    <ul style={listStyle}>
      {articles.map((article) => (
        <li key={article.id} style={itemStyle}>
          <Link
            to={articleHref(article.id, categoryId)}
            style={{
              color: tokens.colorText,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              flex: 1,
            }}
          >
            {article.title}
          </Link>
          <time
            dateTime={publishedDate(article.published_time)}
            style={{ color: tokens.colorTextDescription, flex: 'none', fontSize: 13 }}
          >
            {publishedDate(article.published_time)}
          </time>
        </li>
      ))}
    </ul>
  );
}

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;
const itemStyle = {
  display: 'flex',
  gap: 12,
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: '7px 0',
  borderBottom: `1px dashed ${tokens.colorBorderBox}`,
  minHeight: 22,
} as const;

/**
 * The first page of one category. A failed load leaves the list empty (spec 01 §8: home
 * failures show nothing more than that).
 */
export function ArticleTitleList({ categoryId, count }: { categoryId: number; count: number }) {
  const { data, isFetching } = useArticleListQuery({ catid: categoryId, limit: count, page: 1 });
  return <ArticleLinks articles={data?.data ?? []} categoryId={categoryId} loading={isFetching} rows={count} />;
}
