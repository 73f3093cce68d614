import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from '@yaoshi/ui/router';
import { ArticleTitleList } from '../articles/article-title-list';
import { newsListHref } from '../articles/categories';
import { HOME_TAB_LIST_COUNT, type HomeTab } from './home-layout';
import { tokens } from '@yaoshi/ui/site-tokens';

export const MORE_LABEL = '更多';

/**
 * One box with a tab per category (WAI-ARIA tabs: arrow keys move between them); 更多 goes
 * to the list of the tab that is showing.
 */
export function TabbedArticleLists({
  tabs,
  listOf = (categoryId, count) => <ArticleTitleList key={categoryId} categoryId={categoryId} count={count} />,
}: {
  tabs: readonly HomeTab[];
  /** The list of a tab (default: read by the browser); the server passes the lists it read. */
  listOf?: (categoryId: number, count: number) => ReactNode;
}) {
  const [activeId, setActiveId] = useState(tabs[0]?.categoryId ?? 0);
  // From the tabs, not useId: the server renders the page alone and the browser inside the shell,
  // so React's ids differ between the two, and hydration keeps the server's (issue 38).
  const baseId = `home-tabs-${tabs.map((tab) => tab.categoryId).join('-')}`;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    setActiveId(next.categoryId);
    document.getElementById(`${baseId}-tab-${next.categoryId}`)?.focus();
  };
  return (
    <section
      style={{
        border: `1px solid ${tokens.colorBorderBox}`,
        borderRadius: 6,
        background: tokens.colorBgContainer,
        height: '100%',
      }}
      aria-label={tabs.map((t) => t.label).join('、')}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          padding: '0 16px',
          borderBottom: `2px solid ${tokens.colorPrimary}`,
        }}
      >
        <div role="tablist" style={{ display: 'flex', gap: 4 }}>
          {tabs.map((tab, index) => {
            const selected = tab.categoryId === activeId;
            return (
              <button
                key={tab.categoryId}
                id={`${baseId}-tab-${tab.categoryId}`}
                type="button"
                role="tab"
                aria-selected={selected}
                aria-controls={`${baseId}-panel`}
                tabIndex={selected ? 0 : -1}
                onClick={() => setActiveId(tab.categoryId)}
                onKeyDown={(event) => onKeyDown(event, index)}
                style={{
                  border: 'none',
                  cursor: 'pointer',
                  padding: '11px 16px',
                  fontSize: 16,
                  fontWeight: 600,
                  borderRadius: '4px 4px 0 0',
                  background: selected ? tokens.colorPrimary : 'transparent',
                  color: selected ? tokens.colorTextLightSolid : tokens.colorText,
                }}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        <Link to={newsListHref(activeId)} style={{ padding: '11px 0' }}>
          {MORE_LABEL}
        </Link>
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${activeId}`}
        style={{ padding: '8px 16px 12px' }}
      >
        {listOf(activeId, HOME_TAB_LIST_COUNT)}
      </div>
    </section>
  );
}
