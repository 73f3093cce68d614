import { List } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import { EMPTY_LIST_TEXT } from '@yaoshi/ui/message-texts';
import { useArticleListQuery } from './article-api';
import { articleHref } from './categories';

export function publishedDate(publishedTime: string): string {
  const date = dayjs(publishedTime);
  return date.isValid() ? date.format('YYYY-MM-DD') : publishedTime;
}

/**
 * The first page of one category as a list of linked titles with dates. A failed load
 * leaves the list empty (spec 01 §8: home failures show nothing more than that).
 */
export function ArticleTitleList({ categoryId, count }: { categoryId: number; count: number }) {
  const { data, isFetching } = useArticleListQuery({ catid: categoryId, limit: count, page: 1 });
  return (
    <List
      size="small"
      loading={isFetching}
      dataSource={data?.data ?? []}
      locale={{ emptyText: EMPTY_LIST_TEXT }}
      renderItem={(article) => (
        <List.Item key={article.id} extra={<span style={{ color: '#8c8c8c' }}>{publishedDate(article.published_time)}</span>}>
          <Link to={articleHref(article.id, categoryId)} style={{ color: 'inherit' }}>
            {article.title}
          </Link>
        </List.Item>
      )}
    />
  );
}
