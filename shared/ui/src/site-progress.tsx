import { BRAND_BLUE, MUTED_TEXT } from './section-box';

/** The bar turns green when the work is complete, as antd's does. */
const COMPLETE_GREEN = '#52c41a';
const FULL = 100;

/**
 * A progress bar with its percentage, drawn like antd's line Progress without it (rc-progress
 * and antd's chunk of learner components). A `progressbar` with its value for assistive
 * technology; the number beside it is the same value, so it is hidden from them.
 */
export function Progress({ percent, label }: { percent: number; label: string }) {
  const value = Math.min(FULL, Math.max(0, Math.round(percent)));
  const complete = value >= FULL;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, fontSize: 14 }}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={FULL}
        aria-valuenow={value}
        style={{ flex: 1, height: 8, borderRadius: 100, background: 'rgba(0,0,0,.06)', overflow: 'hidden' }}
      >
        <div
          style={{
            width: `${value}%`,
            height: '100%',
            borderRadius: 100,
            background: complete ? COMPLETE_GREEN : BRAND_BLUE,
            transition: 'width .3s',
          }}
        />
      </div>
      <span aria-hidden="true" style={{ minWidth: 40, color: complete ? COMPLETE_GREEN : MUTED_TEXT }}>
        {value}%
      </span>
    </div>
  );
}
