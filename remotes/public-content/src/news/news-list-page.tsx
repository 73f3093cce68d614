import { useRef } from 'react';
import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { useLocation, useSearchParams } from '@yaoshi/ui/router';
import { useArticleListQuery } from '../articles/article-api';
import { CATEGORY_NAMES, idParam, listPageSize } from '../articles/categories';
import { listPlaceOf, withListPlace, type ListPlace } from './list-place';
import { NewsListView, categoryNameOf } from './news-list-view';
import { PAGE_MISSING_TITLE } from '@yaoshi/ui/page-title';
import { usePublicTitle } from '../layout/public-title';

/**
 * `/newsList?newsId=&currentNavIdx=&page=&keyword=`: one category, paged (10, or 15 for
 * association news), searchable by title on the server. The page and the search are in the
 * address, so a reload, the browser's back button (from an article) and a shared link show
 * the same page; a link without them (the header's category links) starts at page 1 with no
 * search. The markup is NewsListView's, which the server renders too.
 */
export default function NewsListPage() {
  const location = useLocation();
  return <CategoryList key={location.key} />;
}

function CategoryList() {
  const [params, setParams] = useSearchParams();
  const categoryId = idParam(params.get('newsId'));
  // Titled by its category, as the server titles its HTML (an unknown category: the server's 404).
  usePublicTitle(categoryId !== null && CATEGORY_NAMES[categoryId] ? categoryNameOf(categoryId) : PAGE_MISSING_TITLE);
  const pageSize = listPageSize(categoryId ?? 0);
  const place = listPlaceOf(params);
  const { data: site } = useSiteSettingsQuery();
  const { data, isFetching, isError } = useArticleListQuery(
    { catid: categoryId ?? 0, limit: pageSize, page: place.page, ...(place.keyword ? { keyword: place.keyword } : {}) },
    { skip: categoryId === null },
  );
  // spec 01 §2, §8: a failed or non-200 answer leaves the list empty.
  const list = isError || !data ? { total: 0, data: [] } : data;
  const top = useRef<HTMLDivElement>(null);
  const goTo = (next: ListPlace, from: 'search' | 'pager') => {
    setParams(withListPlace(params, next));
    if (from === 'pager') top.current?.scrollIntoView?.({ block: 'start' });
  };

  return (
    <NewsListView
      name={categoryNameOf(categoryId)}
      categoryId={categoryId ?? 0}
      params={params}
      place={place}
      pageSize={pageSize}
      list={list}
      site={site}
      loading={isFetching}
      onPlace={goTo}
      rootRef={top}
    />
  );
}
