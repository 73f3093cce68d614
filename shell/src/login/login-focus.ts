/** The first input of either login mode; the home page's 请先登录 dialog focuses it. */
export const LOGIN_INPUT_ID = 'login-username';

/** How long the cursor waits for a login box still being drawn (its code loading on a slow phone). */
export const LOGIN_FOCUS_WAIT_MS = 3_000;

/**
 * Puts the cursor in the login box (a module of its own: the box itself loads with the home
 * page). A box not drawn yet (the visitor confirmed 请先登录 while it was loading) gets the
 * cursor as soon as it is, within LOGIN_FOCUS_WAIT_MS.
 */
export function focusLoginInput(): void {
  const focus = (input: HTMLElement) => {
    input.scrollIntoView({ block: 'center' });
    input.focus();
  };
  const now = document.getElementById(LOGIN_INPUT_ID);
  if (now) return focus(now);
  const watcher = new MutationObserver(() => {
    const input = document.getElementById(LOGIN_INPUT_ID);
    if (!input) return;
    stop();
    focus(input);
  });
  const timer = setTimeout(() => stop(), LOGIN_FOCUS_WAIT_MS);
  const stop = () => {
    clearTimeout(timer);
    watcher.disconnect();
  };
  watcher.observe(document.body, { childList: true, subtree: true });
}
