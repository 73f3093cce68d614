import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { tokens } from './site-tokens';

/**
 * Tabs drawn like antd's line tabs, without it: antd's Tabs bring rc-tabs, and rc-menu with
 * rc-overflow for their overflow list (about 19 KB gzip on each page's first load), for
 * tab bars of two to five short labels. The WAI-ARIA tabs pattern: a tablist of tabs, the
 * arrow keys move between them, each tab's panel is labelled by it. A panel is rendered
 * once first shown and kept (hidden) afterwards, so a form in it keeps what was typed.
 */
export interface TabItem {
  key: string;
  label: ReactNode;
  /** The tab's panel; without it the tabs are a switch whose content the page renders. */
  children?: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: TabItem[];
  activeKey?: string;
  defaultActiveKey?: string;
  onChange?: (key: string) => void;
  'aria-label'?: string;
}

const STYLES = `
.site-tabs-nav { display: flex; gap: 32px; margin: 0 0 16px; border-bottom: 1px solid var(--ys-color-split); overflow-x: auto; }
.site-tab { position: relative; padding: 12px 0; border: 0; background: none; font: inherit; font-size: 14px;
  line-height: var(--ys-line-height); color: var(--ys-color-text); cursor: pointer; white-space: nowrap; transition: color .3s; }
.site-tab:hover { color: var(--ys-color-primary-hover); }
.site-tab:focus-visible { outline: 2px solid ${tokens.colorPrimary}; outline-offset: -2px; border-radius: 4px; }
.site-tab[aria-selected="true"] { color: ${tokens.colorPrimary}; }
.site-tab[aria-selected="true"]::after { content: ''; position: absolute; left: 0; right: 0; bottom: 0; height: 2px; background: ${tokens.colorPrimary}; }
.site-tab[aria-disabled="true"] { color: var(--ys-color-text-disabled); cursor: not-allowed; }
`;

export function Tabs({ items, activeKey, defaultActiveKey, onChange, 'aria-label': ariaLabel }: TabsProps) {
  const [ownKey, setOwnKey] = useState(defaultActiveKey ?? items.find((item) => !item.disabled)?.key);
  const current = activeKey ?? ownKey;
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set(current === undefined ? [] : [current]));
  if (current !== undefined && !shown.has(current)) setShown(new Set([...shown, current]));
  const idPrefix = useId();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const select = (key: string) => {
    if (key === current) return;
    if (activeKey === undefined) setOwnKey(key);
    onChange?.(key);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const enabled = items.filter((item) => !item.disabled);
    const at = enabled.findIndex((item) => item.key === current);
    const next = enabled[(at + step + enabled.length) % enabled.length];
    if (!next) return;
    select(next.key);
    tabRefs.current.get(next.key)?.focus();
  };

  return (
    <div className="site-tabs">
      <style href="yaoshi-site-tabs" precedence="default">
        {STYLES}
      </style>
      <div role="tablist" aria-label={ariaLabel} className="site-tabs-nav" onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.key === current;
          return (
            <button
              key={item.key}
              ref={(element) => {
                if (element) tabRefs.current.set(item.key, element);
                else tabRefs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${item.key}`}
              className="site-tab"
              aria-selected={selected}
              aria-controls={item.children === undefined ? undefined : `${idPrefix}-panel-${item.key}`}
              aria-disabled={item.disabled ? true : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => {
                if (!item.disabled) select(item.key);
              }}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) =>
        item.children !== undefined && shown.has(item.key) ? (
          <div
            key={item.key}
            role="tabpanel"
            id={`${idPrefix}-panel-${item.key}`}
            aria-labelledby={`${idPrefix}-tab-${item.key}`}
            hidden={item.key !== current}
          >
            {item.children}
          </div>
        ) : null,
      )}
    </div>
  );
}
