import { tokens } from '@yaoshi/ui/site-tokens';

/**
 * What a page shows while its code downloads: a quiet placeholder of the page's height
 * (no layout shift when the page arrives), in plain markup because antd may not be loaded yet.
 */
export function PageLoading() {
  return (
    <div
      role="status"
      aria-live="polite"
      style={{
        minHeight: 320,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: tokens.colorTextDescription,
      }}
    >
      加载中…
    </div>
  );
}
