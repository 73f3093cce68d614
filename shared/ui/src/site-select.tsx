import type { CSSProperties, ReactNode } from 'react';
import { tokens } from './site-tokens';

/**
 * A drop-down (the study year, a profile's choices, an address's province, city and county)
 * on the browser's own `<select>`, drawn like antd's Select: antd's brings rc-select, its
 * virtual list, rc-overflow and rc-trigger (about 20 KB gzip on each page's first load). The
 * browser's list is also the one a keyboard (type-ahead), a screen reader and a phone know
 * best. In a form it takes the row's id (its label's `htmlFor`) and is red while aria-invalid.
 */
export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
  disabled?: boolean;
}

export interface SelectProps<V extends string | number> {
  options: readonly SelectOption<V>[];
  value?: V;
  onChange?: (value: V) => void;
  /** Shown, and not choosable, while no option is chosen. */
  placeholder?: string;
  /** The options are still being fetched. */
  loading?: boolean;
  disabled?: boolean;
  id?: string;
  onBlur?: () => void;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  style?: CSSProperties;
}

const ARROW = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='12' viewBox='0 0 12 12'%3E%3Cpath d='M2 4l4 4 4-4' fill='none' stroke='%23595959' stroke-width='1.5'/%3E%3C/svg%3E")`;

const STYLES = `
.site-select { height: 32px; padding: 0 30px 0 11px; font: inherit; font-size: 14px; color: var(--ys-color-text);
  background: var(--ys-color-bg-container) ${ARROW} no-repeat right 11px center; border: 1px solid var(--ys-color-border); border-radius: 6px;
  appearance: none; cursor: pointer; transition: border-color .2s, box-shadow .2s; box-sizing: border-box; }
.site-select:hover:not(:disabled) { border-color: ${tokens.colorPrimary}; }
.site-select:focus-visible { outline: none; border-color: ${tokens.colorPrimary}; box-shadow: 0 0 0 2px var(--ys-control-outline); }
.site-select:disabled { color: var(--ys-color-text-disabled); background-color: var(--ys-color-bg-container-disabled); cursor: not-allowed; }
.site-select[aria-busy="true"] { cursor: progress; }
.site-select[aria-invalid="true"] { border-color: ${tokens.colorError}; }
.site-select-placeholder:not(:disabled) { color: var(--ys-color-text-disabled); }
.site-select option { color: var(--ys-color-text); }
.site-select-group { display: flex; width: 100%; }
.site-select-group > .site-select { flex: 1 1 0; min-width: 0; border-radius: 0; }
.site-select-group > .site-select + .site-select { margin-inline-start: -1px; }
.site-select-group > .site-select:first-child { border-start-start-radius: 6px; border-end-start-radius: 6px; }
.site-select-group > .site-select:last-child { border-start-end-radius: 6px; border-end-end-radius: 6px; }
.site-select-group > .site-select:hover, .site-select-group > .site-select:focus-visible,
.site-select-group > .site-select[aria-invalid="true"] { position: relative; z-index: 1; }
`;

function SelectStyles() {
  return (
    <style href="yaoshi-site-select" precedence="default">
      {STYLES}
    </style>
  );
}

export function Select<V extends string | number>({
  options,
  value,
  onChange,
  placeholder,
  loading = false,
  disabled = false,
  id,
  onBlur,
  'aria-label': ariaLabel,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
  style,
}: SelectProps<V>) {
  const chosen = options.find((option) => option.value === value);
  return (
    <>
      <SelectStyles />
      <select
        id={id}
        className={chosen ? 'site-select' : 'site-select site-select-placeholder'}
        aria-label={ariaLabel}
        aria-busy={loading || undefined}
        aria-invalid={ariaInvalid}
        aria-describedby={ariaDescribedBy}
        disabled={disabled}
        style={style}
        onBlur={onBlur}
        value={chosen ? String(chosen.value) : ''}
        onChange={(event) => {
          const option = options.find((candidate) => String(candidate.value) === event.target.value);
          if (option) onChange?.(option.value);
        }}
      >
        {!chosen && (
          <option value="" disabled>
            {loading ? '加载中' : (placeholder ?? '')}
          </option>
        )}
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}

/** Selects side by side as one control, joined like antd's Space.Compact (an address's province, city and county). */
export function SelectGroup({ 'aria-label': ariaLabel, children }: { 'aria-label'?: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={ariaLabel} className="site-select-group">
      <SelectStyles />
      {children}
    </div>
  );
}
