import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { STORAGE_KEYS, clearLocalStorage, readPersistedLogin } from './browser-storage';

export interface UserData {
  name: string;
  avatar: string;
}

export interface SessionState {
  /** Persisted in localStorage so a reload keeps the learner logged in. */
  isLogin: boolean;
  userData: UserData | null;
}

function readUserData(): UserData | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.userData);
    return raw ? (JSON.parse(raw) as UserData) : null;
  } catch {
    return null;
  }
}

export function initialSessionState(): SessionState {
  return { isLogin: readPersistedLogin(), userData: readUserData() };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    loggedIn(state) {
      state.isLogin = true;
    },
    userDataLoaded(state, action: PayloadAction<UserData>) {
      state.userData = action.payload;
    },
    sessionReset() {
      return { isLogin: false, userData: null };
    },
  },
});

export const { loggedIn, userDataLoaded, sessionReset } = sessionSlice.actions;

export interface SessionRootState {
  session: SessionState;
}

export const selectSession = (state: SessionRootState): SessionState => state.session;

/** Logout (spec 01 §4): clear all of localStorage and reset the login flag and user data. */
/**
 * After a login (spec 01 §4). face_init 0 keeps only the token: the learner must upload a
 * face photo before entering the student area. Otherwise the token, the logged-in flag
 * and the session's flag.
 */
export function startSession(
  dispatch: (action: ReturnType<typeof loggedIn>) => unknown,
  token: string,
  faceInit: number,
): 'faceCollection' | 'studentArea' {
  localStorage.setItem(STORAGE_KEYS.token, token);
  if (faceInit === 0) return 'faceCollection';
  localStorage.setItem(STORAGE_KEYS.isLogin, 'true');
  dispatch(loggedIn());
  return 'studentArea';
}

/** User info is cached in localStorage (spec 01 §4 "Caching") and kept in the session. */
export function storeUserData(
  dispatch: (action: ReturnType<typeof userDataLoaded>) => unknown,
  userData: UserData,
): void {
  localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(userData));
  dispatch(userDataLoaded(userData));
}

export function endSession(dispatch: (action: ReturnType<typeof sessionReset>) => unknown): void {
  clearLocalStorage();
  dispatch(sessionReset());
}
