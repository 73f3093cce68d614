import { useEffect, useRef, useState, type Key, type ReactNode } from 'react';
import { EMPTY_LIST_TEXT } from './message-texts';
import { Pager } from './pager';
import { pageCount } from './pager-rules';
import { tokens } from './site-tokens';

/**
 * The learner pages' tables (我的订单, 课后练习, 模拟考试, 选课), drawn like antd's Table
 * without antd: antd's Table brings Pagination, Select, Tree, Dropdown, Menu, Input and
 * rc-table with it (about 100 KB gzip on each of those pages), for lists that need none of
 * its sorting, filtering or virtual scrolling. A real `<table>` (column headers, rows and
 * cells for assistive technology), a native checkbox for choosing rows, and a pager drawn
 * like antd's Pagination. The props follow antd's names, so a page moves over with few
 * changes. The staff console keeps antd's Table.
 */
export interface DataTableColumn<Row> {
  title: ReactNode;
  /** The row's field this column shows (and hands to `render`). */
  dataIndex?: keyof Row & string;
  /** Defaults to `dataIndex`. */
  key?: string;
  /** Pixels. */
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** Kept in view at the right edge while the rest of a wide table scrolls sideways. */
  fixed?: 'right';
  /** One line ending in "…"; a plain text cell shows the whole text as its tooltip. */
  ellipsis?: boolean;
  /**
   * What the cell shows, from the `dataIndex` value (undefined without one). Declared as a
   * method so that a page may name the value's type (`(price: number) => …`): TypeScript
   * checks a method's parameters both ways, which antd's columns get by typing it `any`.
   */
  render?(value: unknown, row: Row, index: number): ReactNode;
}

export interface DataTablePagination {
  /** Rows a page; 10 unless told. */
  pageSize?: number;
  /** The page shown, for a page that keeps it itself (server-side paging); else the table keeps it. */
  current?: number;
  /**
   * Server-side paging: the rows on all pages; `dataSource` is then the current page's rows.
   * Without it the table pages `dataSource` itself.
   */
  total?: number;
  onChange?: (page: number, pageSize: number) => void;
  /** No pager when everything fits on one page. */
  hideOnSinglePage?: boolean;
  /** Accepted for antd's sake: this pager never offers another page size. */
  showSizeChanger?: false;
}

export interface DataTableRowSelection<Row> {
  selectedRowKeys: readonly Key[];
  /** A row's box was ticked (`checked`) or unticked. There is no select-all box. */
  onSelect: (row: Row, checked: boolean) => void;
  getCheckboxProps?: (row: Row) => { disabled?: boolean; 'aria-label'?: string };
}

export interface DataTableProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  dataSource: readonly Row[];
  /** The field that identifies a row, or a function of the row. */
  rowKey: (keyof Row & string) | ((row: Row) => Key);
  /** Rows stay in place under a translucent "加载中" layer. */
  loading?: boolean;
  /** `false` shows every row; otherwise pages of `pageSize` rows (10 unless told). */
  pagination?: false | DataTablePagination;
  rowSelection?: DataTableRowSelection<Row>;
  /** Cell padding as antd's sizes: 16 px (`large`, the default), 12 × 8 px (`middle`), 8 px (`small`). */
  size?: 'small' | 'middle' | 'large';
  /** `x`: the table's width in pixels; a narrower space scrolls it sideways. */
  scroll?: { x: number };
  /** `fixed` keeps the columns' widths; the default is `fixed` when a column ends in an ellipsis. */
  tableLayout?: 'auto' | 'fixed';
  locale?: { emptyText?: ReactNode };
  'aria-label'?: string;
}

const DEFAULT_PAGE_SIZE = 10;
/** antd's selected-row colours for the site's blue (its palette's first two tints). */
const SELECTED_ROW_BG = tokens.colorPrimaryBg;
const SELECTED_ROW_HOVER_BG = tokens.colorPrimaryBgHover;
const BORDER = tokens.colorBorderSecondary;
/** The checkbox column, as antd's (its control height). */
const SELECTION_WIDTH = 32;
const HEADER_BG = tokens.colorFillAlter;
const TEXT = tokens.colorText;

const STYLES = `
.data-table-wrapper { position: relative; color: ${TEXT}; font-size: 14px; line-height: var(--ys-line-height); }
.data-table-scroll { overflow-x: auto; }
.data-table { width: 100%; border-collapse: separate; border-spacing: 0; background: var(--ys-color-bg-container); text-align: start; }
.data-table th, .data-table td { padding: 16px; border-bottom: 1px solid ${BORDER}; overflow-wrap: break-word; box-sizing: border-box; }
.data-table-middle th, .data-table-middle td { padding: 12px 8px; }
.data-table-small th, .data-table-small td { padding: 8px; }
.data-table th { position: relative; background: ${HEADER_BG}; font-weight: 600; text-align: start; }
.data-table th:first-child { border-start-start-radius: 8px; }
.data-table th:last-child { border-start-end-radius: 8px; }
.data-table th:not(:last-child):not(.data-table-selection)::before { content: ''; position: absolute; top: 50%; inset-inline-end: 0;
  width: 1px; height: 1.6em; background: ${BORDER}; transform: translateY(-50%); }
.data-table td { background: var(--ys-color-bg-container); transition: background .2s; }
.data-table tbody tr:hover > td { background: ${HEADER_BG}; }
.data-table tbody tr.data-table-row-selected > td { background: ${SELECTED_ROW_BG}; }
.data-table tbody tr.data-table-row-selected:hover > td { background: ${SELECTED_ROW_HOVER_BG}; }
.data-table tbody tr.data-table-empty-row:hover > td { background: var(--ys-color-bg-container); }
.data-table .data-table-selection { padding-inline: 8px; text-align: center; }
.data-table-checkbox { width: 16px; height: 16px; margin: 0; vertical-align: middle; accent-color: ${tokens.colorPrimary}; cursor: pointer; }
.data-table-checkbox:disabled { cursor: not-allowed; }
.data-table .data-table-ellipsis { overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.data-table .data-table-fixed-right { position: sticky; right: 0; z-index: 2; }
.data-table-shadow .data-table-fixed-right::after { content: ''; position: absolute; top: 0; bottom: -1px; left: 0; width: 30px;
  transform: translateX(-100%); box-shadow: var(--ys-box-shadow-fixed-column); pointer-events: none; }
.data-table .data-table-empty { padding: 32px 16px; text-align: center; color: ${tokens.colorTextDescription}; }
.data-table-loading { position: absolute; inset: 0; z-index: 3; display: flex; flex-direction: column; align-items: center;
  justify-content: center; gap: 8px; background: var(--ys-color-bg-white-half); color: ${tokens.colorPrimary}; }
.data-table-spinner { width: 20px; height: 20px; border: 2px solid var(--ys-color-primary-track); border-top-color: ${tokens.colorPrimary};
  border-radius: 50%; animation: data-table-spin 1s linear infinite; }
@keyframes data-table-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .data-table-spinner { animation-duration: 3s; } }
`;

function keyOf<Row>(row: Row, rowKey: DataTableProps<Row>['rowKey']): Key {
  return typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as Key);
}

/** The cell's content: `render`'s, or the field itself when it is text or a number. */
function contentOf<Row>(column: DataTableColumn<Row>, row: Row, index: number): ReactNode {
  const value: unknown = column.dataIndex === undefined ? undefined : row[column.dataIndex];
  if (column.render) return column.render(value, row, index);
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/** Whether a wide table has more to its right than shows: the fixed column then casts a shadow, as antd's does. */
function useMoreToTheRight(enabled: boolean) {
  const scroller = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const element = scroller.current;
    if (!enabled || !element || typeof ResizeObserver === 'undefined') return;
    const update = () => setMore(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    element.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', update);
    };
  }, [enabled]);
  return { scroller, more };
}

export function DataTable<Row>({
  columns,
  dataSource,
  rowKey,
  loading = false,
  pagination,
  rowSelection,
  size = 'large',
  scroll,
  tableLayout,
  locale,
  'aria-label': ariaLabel,
}: DataTableProps<Row>) {
  const [ownPage, setOwnPage] = useState(1);
  const { scroller, more } = useMoreToTheRight(scroll !== undefined);

  const paged = pagination !== false;
  const pageSize = (paged && pagination?.pageSize) || DEFAULT_PAGE_SIZE;
  const serverSide = paged && pagination?.total !== undefined;
  const total = serverSide ? (pagination?.total ?? 0) : dataSource.length;
  const pages = pageCount(total, pageSize);
  // A list that shrank while its last page was shown shows the new last page, not an empty one.
  const page = Math.min((paged && pagination?.current) || ownPage, pages);
  const rows = paged && !serverSide ? dataSource.slice((page - 1) * pageSize, page * pageSize) : dataSource;
  const showPager = paged && total > 0 && !(pagination?.hideOnSinglePage && pages <= 1);

  const goTo = (next: number) => {
    setOwnPage(next);
    if (paged) pagination?.onChange?.(next, pageSize);
  };

  const layout = tableLayout ?? (columns.some((column) => column.ellipsis) ? 'fixed' : 'auto');
  const selected = new Set(rowSelection?.selectedRowKeys);
  const columnCount = columns.length + (rowSelection ? 1 : 0);

  const cellClass = (column: DataTableColumn<Row>) =>
    [column.ellipsis ? 'data-table-ellipsis' : '', column.fixed === 'right' ? 'data-table-fixed-right' : '']
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div className="data-table-wrapper">
      <style href="yaoshi-data-table" precedence="default">
        {STYLES}
      </style>
      <div ref={scroller} className={['data-table-scroll', more ? 'data-table-shadow' : ''].filter(Boolean).join(' ')}>
        <table
          aria-label={ariaLabel}
          aria-busy={loading || undefined}
          className={`data-table data-table-${size}`}
          style={{ tableLayout: layout, ...(scroll ? { width: scroll.x, minWidth: '100%' } : {}) }}
        >
          <colgroup>
            {rowSelection && <col style={{ width: SELECTION_WIDTH }} />}
            {columns.map((column, index) => (
              <col key={column.key ?? column.dataIndex ?? index} style={{ width: column.width }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {rowSelection && <th scope="col" aria-label="选择" className="data-table-selection" />}
              {columns.map((column, index) => (
                <th
                  key={column.key ?? column.dataIndex ?? index}
                  scope="col"
                  className={cellClass(column)}
                  style={{ textAlign: column.align }}
                >
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="data-table-empty-row">
                <td colSpan={columnCount} className="data-table-empty">
                  {locale?.emptyText ?? EMPTY_LIST_TEXT}
                </td>
              </tr>
            ) : (
              rows.map((row, rowIndex) => {
                const key = keyOf(row, rowKey);
                const isSelected = rowSelection !== undefined && selected.has(key);
                const box = rowSelection?.getCheckboxProps?.(row);
                return (
                  <tr key={key} className={isSelected ? 'data-table-row-selected' : undefined}>
                    {rowSelection && (
                      <td className="data-table-selection">
                        <input
                          type="checkbox"
                          className="data-table-checkbox"
                          checked={isSelected}
                          disabled={box?.disabled}
                          aria-label={box?.['aria-label']}
                          onChange={(event) => rowSelection.onSelect(row, event.target.checked)}
                        />
                      </td>
                    )}
                    {columns.map((column, index) => {
                      const content = contentOf(column, row, rowIndex);
                      return (
                        <td
                          key={column.key ?? column.dataIndex ?? index}
                          className={cellClass(column)}
                          style={{ textAlign: column.align }}
                          // antd's ellipsis tooltip: the whole text of a plain text cell.
                          title={
                            column.ellipsis && (typeof content === 'string' || typeof content === 'number')
                              ? String(content)
                              : undefined
                          }
                        >
                          {content}
                        </td>
                      );
                    })}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {loading && (
        <div className="data-table-loading" role="status">
          <span className="data-table-spinner" aria-hidden="true" />
          <span>加载中</span>
        </div>
      )}
      {showPager && (
        <Pager current={page} pageSize={pageSize} total={total} onChange={goTo} align="right" showTotal={false} />
      )}
    </div>
  );
}
