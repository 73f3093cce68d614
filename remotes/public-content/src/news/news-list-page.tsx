import { useRef, useState } from 'react';
import { useLocation, useSearchParams } from '@yaoshi/ui/router';
import { SiteButton } from '@yaoshi/ui/site-button';
import { useArticleListQuery } from '../articles/article-api';
import { ArticleLinks } from '../articles/article-title-list';
import { CATEGORY_NAMES, idParam, listPageSize } from '../articles/categories';
import { listPlaceOf, withListPlace } from './list-place';
import { ContactBlock } from '../layout/contact-block';
import { PageBreadcrumb } from '../layout/page-breadcrumb';
import { Pager } from '@yaoshi/ui/pager';
import { SectionBox } from '@yaoshi/ui/section-box';
import { tokens } from '@yaoshi/ui/site-tokens';
import { PAGE_MISSING_TITLE } from '@yaoshi/ui/page-title';
import { usePublicTitle } from '../layout/public-title';

export const UNKNOWN_CATEGORY_NAME = '资讯列表';

/**
 * `/newsList?newsId=&currentNavIdx=&page=&keyword=`: one category, paged (10, or 15 for
 * association news), searchable by title on the server. The page and the search are in the
 * address, so a reload, the browser's back button (from an article) and a shared link show
 * the same page; a link without them (the header's category links) starts at page 1 with no
 * search.
 */
export default function NewsListPage() {
  const location = useLocation();
  return <CategoryList key={location.key} />;
}

function CategoryList() {
  const [params, setParams] = useSearchParams();
  const categoryId = idParam(params.get('newsId'));
  const name = (categoryId !== null && CATEGORY_NAMES[categoryId]) || UNKNOWN_CATEGORY_NAME;
  // Titled by its category, as the server titles its HTML (an unknown category: the server's 404).
  usePublicTitle(categoryId !== null && CATEGORY_NAMES[categoryId] ? name : PAGE_MISSING_TITLE);
  const pageSize = listPageSize(categoryId ?? 0);
  const { page, keyword } = listPlaceOf(params);
  const top = useRef<HTMLDivElement>(null);
  const goTo = (next: { page: number; keyword: string }) => setParams(withListPlace(params, next));
  const { data, isFetching, isError } = useArticleListQuery(
    { catid: categoryId ?? 0, limit: pageSize, page, ...(keyword ? { keyword } : {}) },
    { skip: categoryId === null },
  );
  // spec 01 §2, §8: a failed or non-200 answer leaves the list empty.
  const list = isError || !data ? { total: 0, data: [] } : data;

  return (
    <div ref={top}>
      <PageBreadcrumb trail={[{ label: name }]} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
        <aside style={{ flex: '1 1 260px', display: 'flex', flexDirection: 'column', gap: 16 }}>
          <SectionBox title="站内搜索">
            <TitleSearch initial={keyword} onSearch={(value) => goTo({ page: 1, keyword: value })} />
          </SectionBox>
          <ContactBlock />
        </aside>
        <SectionBox title={<span>{name}</span>} style={{ flex: '3 1 560px', minWidth: 0 }}>
          <h1 style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            {name}
          </h1>
          {keyword && (
            <p style={{ color: tokens.colorTextDescription, margin: '4px 0' }} role="status">
              “{keyword}”的搜索结果：共 {list.total} 条
            </p>
          )}
          <ArticleLinks articles={list.data} categoryId={categoryId ?? 0} loading={isFetching} rows={pageSize} />
          {list.total > pageSize && (
            <Pager
              current={page}
              pageSize={pageSize}
              total={list.total}
              onChange={(next) => {
                goTo({ page: next, keyword });
                top.current?.scrollIntoView?.({ block: 'start' });
              }}
            />
          )}
        </SectionBox>
      </div>
    </div>
  );
}

export const SEARCH_MAX_LENGTH = 50;

/**
 * The title search: Enter or 搜索 searches; emptying the box (its × included) shows the
 * whole category again, as antd's search box with a clear button did.
 */
function TitleSearch({ initial, onSearch }: { initial: string; onSearch: (keyword: string) => void }) {
  const [text, setText] = useState(initial);
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
      style={{ display: 'flex' }}
    >
      <input
        type="search"
        aria-label="搜索标题"
        placeholder="输入标题关键词"
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value === '') onSearch('');
        }}
        style={{
          flex: 1,
          minWidth: 0,
          height: 32,
          padding: '4px 11px',
          font: 'inherit',
          fontSize: 14,
          border: `1px solid ${tokens.colorBorder}`,
          borderRight: 'none',
          borderRadius: '6px 0 0 6px',
          boxSizing: 'border-box',
        }}
      />
      <SiteButton type="submit" variant="primary" style={{ borderRadius: '0 6px 6px 0' }}>
        搜索
      </SiteButton>
    </form>
  );
}
