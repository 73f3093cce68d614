import { tokens } from './site-tokens';
const STYLES = `@keyframes yaoshi-spin { to { transform: rotate(360deg); } }
.site-spin-ring { width: 28px; height: 28px; border: 3px solid var(--ys-color-fill-secondary); border-top-color: ${tokens.colorPrimary};
  border-radius: 50%; animation: yaoshi-spin .8s linear infinite; }
@media (prefers-reduced-motion: reduce) { .site-spin-ring { animation-duration: 2.4s; } }`;

/**
 * What a part of a page shows while its data loads, drawn like antd's Spin with its
 * description, without it: a turning ring and the text, announced as a status.
 */
export function Spin({ description }: { description: string }) {
  return (
    <div
      role="status"
      style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8, margin: '80px auto' }}
    >
      <style href="yaoshi-site-spin" precedence="default">
        {STYLES}
      </style>
      <div className="site-spin-ring" aria-hidden="true" />
      <div style={{ color: tokens.colorTextDescription, fontSize: 14 }}>{description}</div>
    </div>
  );
}
