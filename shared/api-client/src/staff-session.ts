/**
 * The staff console's session in the browser (issue 18). A staff token is kept apart from
 * the learner's: in sessionStorage (it ends with the tab, and the server ends it after 30
 * minutes idle), under its own key, sent only on /v1/admin/ calls. A learner's session and a
 * staff session in one browser never see each other's token.
 */

import { ADMIN_API_PREFIX } from '@yaoshi/contracts/route';

export const STAFF_TOKEN_KEY = 'yaoshi.staffToken';
/** Where a staff member signs in again after a 401. */
export const ADMIN_LOGIN_PAGE = '/admin/login';

export function isStaffCall(path: string): boolean {
  return path.startsWith(ADMIN_API_PREFIX);
}

export function readStaffToken(): string | null {
  try {
    return sessionStorage.getItem(STAFF_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function startStaffSession(token: string): void {
  sessionStorage.setItem(STAFF_TOKEN_KEY, token);
}

export function endStaffSession(): void {
  try {
    sessionStorage.removeItem(STAFF_TOKEN_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
