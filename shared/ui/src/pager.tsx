import type { ReactNode } from 'react';
import { PAGER_JUMP, jumpTarget, pageCount, pagerItems } from './pager-rules';
import { tokens } from './site-tokens';

const STYLES = `
.list-pager { display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: 8px; margin-top: 16px; font-size: 14px; color: var(--ys-color-text); }
.list-pager-right { justify-content: flex-end; margin: 16px 0; }
.list-pager ul { display: flex; flex-wrap: wrap; gap: 8px; margin: 0; padding: 0; list-style: none; }
.list-pager button, .list-pager a { min-width: 32px; height: 32px; padding: 0 6px; font: inherit; color: inherit; background: var(--ys-color-bg-container); border: 1px solid transparent;
  border-radius: 6px; cursor: pointer; transition: background .2s, border-color .2s, color .2s; }
.list-pager a { display: inline-flex; align-items: center; justify-content: center; box-sizing: border-box; text-decoration: none; }
.list-pager button:hover:not(:disabled), .list-pager a:hover { background: var(--ys-color-fill-secondary); }
.list-pager button:focus-visible, .list-pager a:focus-visible { outline: 2px solid ${tokens.colorPrimary}; outline-offset: 1px; }
.list-pager button:disabled { color: var(--ys-color-text-disabled); cursor: not-allowed; }
.list-pager [aria-current="page"] { border-color: ${tokens.colorPrimary}; color: ${tokens.colorPrimary}; font-weight: 600; background: var(--ys-color-bg-container); }
.list-pager .list-pager-jump { letter-spacing: 2px; color: var(--ys-color-text-description); }
.list-pager .list-pager-jump:hover:not(:disabled) { color: ${tokens.colorPrimary}; background: var(--ys-color-bg-container); }
`;

/** A page's control: a link when the pager has addresses (works without script), else a button. */
function PageControl({
  page,
  hrefOf,
  onChange,
  disabled = false,
  ...attributes
}: {
  page: number;
  hrefOf: ((page: number) => string) | undefined;
  onChange: ((page: number) => void) | undefined;
  disabled?: boolean;
  className?: string;
  title?: string;
  'aria-label': string;
  'aria-current'?: 'page' | undefined;
  children: ReactNode;
}) {
  if (hrefOf && !disabled)
    return (
      <a
        href={hrefOf(page)}
        onClick={
          onChange &&
          ((event) => {
            // A plain click stays in the page; a modified one (new tab, new window) is the browser's.
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            onChange(page);
          })
        }
        {...attributes}
      />
    );
  return <button type="button" disabled={disabled} onClick={onChange && (() => onChange(page))} {...attributes} />;
}

/**
 * A list's page buttons (上一页, pages, 下一页, 共 N 条), drawn like antd's Pagination but
 * plain markup: antd's brings Select and its popup machinery for a page-size menu these
 * lists do not have. The news lists show it centred with the total; a table (DataTable)
 * on the right without it, where antd's Table puts its pager. With `hrefOf` the pages are
 * links to their addresses (a server-rendered list pages before any script runs; `onChange`,
 * when given, keeps a plain click in the page).
 */
export function Pager({
  current,
  pageSize,
  total,
  onChange,
  hrefOf,
  align = 'center',
  showTotal = true,
}: {
  current: number;
  pageSize: number;
  total: number;
  onChange?: ((page: number) => void) | undefined;
  hrefOf?: ((page: number) => string) | undefined;
  align?: 'center' | 'right';
  /** 共 N 条 before the pages. */
  showTotal?: boolean;
}) {
  const pages = pageCount(total, pageSize);
  const control = { hrefOf, onChange };
  return (
    <nav aria-label="分页" className={align === 'right' ? 'list-pager list-pager-right' : 'list-pager'}>
      <style href="yaoshi-list-pager" precedence="default">
        {STYLES}
      </style>
      {showTotal && <span>共 {total} 条</span>}
      <ul>
        <li>
          <PageControl {...control} page={current - 1} aria-label="上一页" title="上一页" disabled={current <= 1}>
            ‹
          </PageControl>
        </li>
        {pagerItems(current, pages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <PageControl
                {...control}
                page={item}
                aria-label={`第 ${item} 页`}
                aria-current={item === current ? 'page' : undefined}
              >
                {item}
              </PageControl>
            </li>
          ) : (
            <li key={item}>
              <PageControl
                {...control}
                page={jumpTarget(item, current, pages)}
                className="list-pager-jump"
                aria-label={item === 'jump-back' ? `向前 ${PAGER_JUMP} 页` : `向后 ${PAGER_JUMP} 页`}
                title={item === 'jump-back' ? `向前 ${PAGER_JUMP} 页` : `向后 ${PAGER_JUMP} 页`}
              >
                •••
              </PageControl>
            </li>
          ),
        )}
        <li>
          <PageControl {...control} page={current + 1} aria-label="下一页" title="下一页" disabled={current >= pages}>
            ›
          </PageControl>
        </li>
      </ul>
    </nav>
  );
}
