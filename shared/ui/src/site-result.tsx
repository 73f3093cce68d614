import type { ReactNode } from 'react';
import { tokens } from './site-tokens';

/**
 * The outcome of something (练习已提交, 上传成功, a page that cannot play here) drawn like
 * antd's Result, without it: antd's imports its 403, 404 and 500 illustrations whatever the
 * status (about 10 KB gzip on each page that shows one).
 */
export type ResultStatus = 'success' | 'info' | 'warning' | 'error';

const COLOURS: Record<ResultStatus, string> = {
  success: tokens.colorSuccess,
  info: tokens.colorPrimary,
  warning: tokens.colorWarning,
  error: tokens.colorError,
};

/** The white mark inside the status's circle (a 72 × 72 drawing), in the svg's currentColor. */
const MARKS: Record<ResultStatus, ReactNode> = {
  success: <path d="M22 37l10 10 19-21" fill="none" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />,
  info: (
    <>
      <circle cx="36" cy="22" r="4" fill="currentColor" />
      <path d="M36 33v20" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
    </>
  ),
  warning: (
    <>
      <path d="M36 19v20" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
      <circle cx="36" cy="50" r="4" fill="currentColor" />
    </>
  ),
  error: <path d="M25 25l22 22M47 25L25 47" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />,
};

export function Result({
  status,
  title,
  subTitle,
  extra,
}: {
  status: ResultStatus;
  title: ReactNode;
  subTitle?: ReactNode;
  /** Links or buttons under the text. */
  extra?: ReactNode;
}) {
  return (
    <div style={{ padding: '48px 32px', textAlign: 'center' }}>
      <svg
        width="72"
        height="72"
        viewBox="0 0 72 72"
        aria-hidden="true"
        // The mark is drawn in currentColor: CSS properties (var()) hold in style, not in SVG attributes.
        style={{ marginBottom: 24, color: tokens.colorTextLightSolid }}
      >
        <circle cx="36" cy="36" r="36" style={{ fill: COLOURS[status] }} />
        {MARKS[status]}
      </svg>
      <div style={{ color: tokens.colorText, fontSize: 24, lineHeight: 1.33 }}>{title}</div>
      {subTitle !== undefined && (
        <div style={{ marginTop: 4, color: tokens.colorTextDescription, fontSize: 14, lineHeight: tokens.lineHeight }}>
          {subTitle}
        </div>
      )}
      {extra !== undefined && (
        <div style={{ display: 'flex', justifyContent: 'center', flexWrap: 'wrap', gap: 8, marginTop: 24 }}>
          {extra}
        </div>
      )}
    </div>
  );
}
