import { useState, type ReactNode, type Ref } from 'react';
import type { SiteSettings } from '@yaoshi/contracts/content';
import { SiteButton } from '@yaoshi/ui/site-button';
import { Pager } from '@yaoshi/ui/pager';
import { SectionBox } from '@yaoshi/ui/section-box';
import { tokens } from '@yaoshi/ui/site-tokens';
import { ArticleLinks, type ArticleLink } from '../articles/article-title-list';
import { CATEGORY_NAMES } from '../articles/categories';
import { ContactBlockView } from '../layout/contact-block';
import { PageBreadcrumb } from '../layout/page-breadcrumb';
import { KEYWORD_PARAM, PAGE_PARAM, withListPlace, type ListPlace } from './list-place';

export const UNKNOWN_CATEGORY_NAME = '资讯列表';
export const SEARCH_MAX_LENGTH = 50;
/** Where the title search goes: the list's own address, with the category kept and the page dropped. */
export const LIST_PATH = '/newsList';

/**
 * A category's name as the list and the article pages show it: the fixed names of spec 01 §2,
 * else the name given (the server's, from the database), else 资讯列表.
 */
export function categoryNameOf(categoryId: number | null, given?: string): string {
  return (categoryId !== null && CATEGORY_NAMES[categoryId]) || given || UNKNOWN_CATEGORY_NAME;
}

export interface NewsListViewProps {
  name: string;
  categoryId: number;
  /** The address's parameters (newsId, currentNavIdx, page, keyword): the pager's links and the search keep them. */
  params: URLSearchParams;
  place: ListPlace;
  pageSize: number;
  list: { total: number; data: readonly ArticleLink[] };
  /** The 联系我们 block's settings (undefined or null: still coming, or none). */
  site: SiteSettings | null | undefined;
  loading?: boolean;
  /** Browser only: a search or a page without a page load. Without it the form and the links load pages. */
  onPlace?: ((place: ListPlace, from: 'search' | 'pager') => void) | undefined;
  /** The page's outer element (the browser scrolls it into view on a new page). */
  rootRef?: Ref<HTMLDivElement> | undefined;
}

/**
 * One category's list page, two columns (站内搜索 and 联系我们 beside the list), its pager links
 * to `?newsId=…&page=N`. Drawn by the browser's list page with its queries and by the server
 * render with the server's facts: the same markup before and after the browser takes over.
 */
export function NewsListView({
  name,
  categoryId,
  params,
  place,
  pageSize,
  list,
  site,
  loading = false,
  onPlace,
  rootRef,
}: NewsListViewProps) {
  const hrefOf = (page: number) => `${LIST_PATH}?${withListPlace(params, { page, keyword: place.keyword })}`;
  return (
    <div ref={rootRef}>
      <PageBreadcrumb trail={[{ label: name }]} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
        <aside style={{ flex: '1 1 260px', display: 'flex', flexDirection: 'column', gap: 16 }}>
          <SectionBox title="站内搜索">
            <TitleSearch
              initial={place.keyword}
              hidden={hiddenParams(params)}
              onSearch={onPlace && ((keyword) => onPlace({ page: 1, keyword }, 'search'))}
            />
          </SectionBox>
          <ContactBlockView site={site ?? undefined} />
        </aside>
        <SectionBox title={<span>{name}</span>} style={{ flex: '3 1 560px', minWidth: 0 }}>
          <h1 style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            {name}
          </h1>
          {place.keyword && (
            <p style={{ color: tokens.colorTextDescription, margin: '4px 0' }} role="status">
              “{place.keyword}”的搜索结果：共 {list.total} 条
            </p>
          )}
          <ArticleLinks articles={list.data} categoryId={categoryId} loading={loading} rows={pageSize} />
          {list.total > pageSize && (
            <Pager
              current={place.page}
              pageSize={pageSize}
              total={list.total}
              hrefOf={hrefOf}
              onChange={onPlace && ((page) => onPlace({ page, keyword: place.keyword }, 'pager'))}
            />
          )}
        </SectionBox>
      </div>
    </div>
  );
}

/** The address's parameters a search keeps (all but the page and the search itself), as hidden fields. */
function hiddenParams(params: URLSearchParams): [string, string][] {
  return [...params.entries()].filter(([key]) => key !== PAGE_PARAM && key !== KEYWORD_PARAM);
}

/**
 * The title search, a GET form to the list's address (`?newsId=…&keyword=…`, page 1), so it
 * searches before the browser's script runs. With `onSearch` (the browser) Enter or 搜索
 * searches in the page, and emptying the box (its × included) shows the whole category again,
 * as antd's search box with a clear button did.
 */
function TitleSearch({
  initial,
  hidden,
  onSearch,
}: {
  initial: string;
  hidden: readonly [string, string][];
  onSearch?: ((keyword: string) => void) | undefined;
}): ReactNode {
  const [text, setText] = useState(initial);
  return (
    <form
      role="search"
      action={LIST_PATH}
      method="get"
      onSubmit={
        onSearch &&
        ((event) => {
          event.preventDefault();
          onSearch(text.trim());
        })
      }
      style={{ display: 'flex' }}
    >
      {hidden.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <input
        type="search"
        name={KEYWORD_PARAM}
        aria-label="搜索标题"
        placeholder="输入标题关键词"
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value === '') onSearch?.('');
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
