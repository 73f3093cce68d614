import { SectionBox } from './section-box';

/** The shell's login panel's height (its password form, 274 px at 390 to 1440 px wide). */
const LOGIN_PANEL_HEIGHT = 274;

/**
 * The home page's 学员登录 box before the shell's panel is drawn: the server's markup of it
 * (public-content's server bundle) and the shell's while hydrating and while the panel's code
 * loads. As tall as the panel, so the row and everything below stay where they are when the
 * panel comes (e2e: public-pages-same-picture). Marked `data-takeover="visible"`: on a wide
 * screen the browser's site starts as soon as the place is on screen (shell/public/site-takeover.js).
 */
export function LoginBoxPlace() {
  return (
    <SectionBox title="学员登录" style={{ height: '100%' }}>
      <div style={{ minHeight: LOGIN_PANEL_HEIGHT }} data-takeover="visible" />
    </SectionBox>
  );
}
