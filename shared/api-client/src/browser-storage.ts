/** What spec 01 §3 keeps in localStorage: the token, the logged-in flag, the user info. */
export const STORAGE_KEYS = {
  token: 'token',
  isLogin: 'isLogin',
  userData: 'userData',
} as const;

export function readToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function readPersistedLogin(): boolean {
  return localStorage.getItem(STORAGE_KEYS.isLogin) === 'true';
}

/** Logout and a 401 both clear all of localStorage (spec 01 §4). */
export function clearLocalStorage(): void {
  localStorage.clear();
}
