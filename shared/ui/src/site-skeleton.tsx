/**
 * What a page shows while its content loads, drawn like antd's `<Skeleton active />` (a
 * title and three lines of shimmering grey bars), without antd's Skeleton.
 */
const STYLES = `
.site-skeleton > div { height: 16px; border-radius: 4px; background: linear-gradient(90deg, var(--ys-color-fill-secondary) 25%, var(--ys-color-fill-content-hover) 37%, var(--ys-color-fill-secondary) 63%);
  background-size: 400% 100%; animation: site-skeleton 1.4s ease infinite; }
.site-skeleton > div + div { margin-top: 8px; }
.site-skeleton > div:first-child { width: 38%; margin-bottom: 24px; }
.site-skeleton > div:last-child { width: 61%; }
@keyframes site-skeleton { from { background-position: 100% 50%; } to { background-position: 0 50%; } }
@media (prefers-reduced-motion: reduce) { .site-skeleton > div { animation: none; } }
`;

/** A busy status named 加载中 (antd's draws only the bars). */
export function Skeleton() {
  return (
    <div className="site-skeleton" role="status" aria-label="加载中" aria-busy="true">
      <style href="yaoshi-site-skeleton" precedence="default">
        {STYLES}
      </style>
      <div />
      <div />
      <div />
      <div />
    </div>
  );
}
