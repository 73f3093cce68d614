import { SectionBox } from '@yaoshi/ui/section-box';
import { tokens } from '@yaoshi/ui/site-tokens';

/** Shown only when no shell lends its login panel (the remote on its own, in tests). */
export function LoginPanelPlaceholder() {
  return (
    <SectionBox title="学员登录" style={{ height: '100%' }}>
      <p style={{ color: tokens.colorTextDescription }}>学员登录功能建设中，敬请期待。</p>
    </SectionBox>
  );
}
