/** The first input of either login mode; the home page's 请先登录 dialog focuses it. */
export const LOGIN_INPUT_ID = 'login-username';

/** Puts the cursor in the login box (a module of its own: the box itself loads with the home page). */
export function focusLoginInput(): void {
  const input = document.getElementById(LOGIN_INPUT_ID);
  input?.scrollIntoView({ block: 'center' });
  input?.focus();
}
