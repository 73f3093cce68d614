import type { CSSProperties } from 'react';
import { tokens } from '@yaoshi/ui/site-tokens';

/** Shared by the browser pages and their server rendering (server-render/), so both draw the same. */

/** The white box an article's body sits in. */
export const ARTICLE_BOX_STYLE: CSSProperties = {
  border: `1px solid ${tokens.colorBorderBox}`,
  borderRadius: 6,
  background: tokens.colorBgContainer,
  padding: '24px 32px',
};

/** /verify's 证书编号 box. */
export const VERIFY_INPUT_STYLE: CSSProperties = {
  flex: 1,
  height: 36,
  padding: '0 12px',
  border: `1px solid ${tokens.colorBorder}`,
  borderRadius: 4,
};

/** /verify's 验证 button. */
export const VERIFY_BUTTON_STYLE: CSSProperties = {
  height: 36,
  padding: '0 20px',
  border: 'none',
  borderRadius: 4,
  color: tokens.colorTextLightSolid,
  background: tokens.colorPrimary,
};
