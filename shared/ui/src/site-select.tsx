import type { CSSProperties } from 'react';
import { BRAND_BLUE } from './section-box';

/**
 * A drop-down of a few choices (the study year) on the browser's own `<select>`, drawn like
 * antd's Select: antd's brings rc-select, its virtual list, rc-overflow and rc-trigger (about
 * 20 KB gzip on each page's first load) for lists of three to six years. The browser's list
 * is also the one a keyboard, a screen reader and a phone know best.
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
  'aria-label'?: string;
  style?: CSSProperties;
}

const ARROW = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='12' viewBox='0 0 12 12'%3E%3Cpath d='M2 4l4 4 4-4' fill='none' stroke='%23595959' stroke-width='1.5'/%3E%3C/svg%3E")`;

const STYLES = `
.site-select { height: 32px; padding: 0 30px 0 11px; font: inherit; font-size: 14px; color: rgba(0,0,0,.88);
  background: #fff ${ARROW} no-repeat right 11px center; border: 1px solid #d9d9d9; border-radius: 6px;
  appearance: none; cursor: pointer; transition: border-color .2s, box-shadow .2s; box-sizing: border-box; }
.site-select:hover:not(:disabled) { border-color: ${BRAND_BLUE}; }
.site-select:focus-visible { outline: none; border-color: ${BRAND_BLUE}; box-shadow: 0 0 0 2px rgba(31,95,168,.15); }
.site-select:disabled { color: rgba(0,0,0,.25); background-color: rgba(0,0,0,.04); cursor: not-allowed; }
.site-select[aria-busy="true"] { cursor: progress; }
`;

export function Select<V extends string | number>({
  options,
  value,
  onChange,
  placeholder,
  loading = false,
  disabled = false,
  'aria-label': ariaLabel,
  style,
}: SelectProps<V>) {
  const chosen = options.find((option) => option.value === value);
  return (
    <>
      <style href="yaoshi-site-select" precedence="default">
        {STYLES}
      </style>
      <select
        className="site-select"
        aria-label={ariaLabel}
        aria-busy={loading || undefined}
        disabled={disabled}
        style={style}
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
