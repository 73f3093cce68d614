import type { RemotePins } from './pins';
import { tokens } from '@yaoshi/ui/site-tokens';

/**
 * Shown to a release manager who opened an override link: which remote runs at which
 * version in this browser only (the signed cookie lasts an hour). Plain markup: it sits
 * above every page, public ones without antd included.
 */
export function ReleaseOverrideBanner({ pins }: { pins: RemotePins | null }) {
  const overridden = Object.entries(pins ?? {}).filter(([, pin]) => pin.via === 'override');
  if (overridden.length === 0) return null;
  return (
    <div
      role="status"
      aria-label="测试版本"
      style={{
        background: tokens.orange1,
        borderBottom: `1px solid ${tokens.orange3}`,
        color: tokens.orange8,
        padding: '6px 16px',
        fontSize: 14,
        textAlign: 'center',
      }}
    >
      {overridden.map(([remote, pin]) => `测试版本：「${pin.section}」${remote} ${pin.version}`).join('；')}
      （仅本浏览器可见，1 小时内有效）
    </div>
  );
}
