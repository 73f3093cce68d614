/**
 * The route guard of spec 01 §6, as pure functions. The site's routes call `guardDecision`
 * on every navigation, before the page renders, and carry out what it answers
 * (`useGuardedLocation`).
 */

export const FACE_COLLECTION_PATH = '/faceCollection';
/** spec 01 §6: leaving these for another guarded screen reloads the whole page … */
export const RELOAD_WHEN_LEAVING: ReadonlySet<string> = new Set(['/myCourse', '/myCourseCopy']);
/** … except when the next screen is the video screen. */
export const VIDEO_LEARNING_PATH = '/videoLearning';
/** spec 01 §9: the login-guard message stays 2 s. */
export const GUARD_MESSAGE_SECONDS = 2;

export interface GuardInput {
  /** Path being entered. */
  to: string;
  /**
   * The entered route needs login: its route manifest's `loginRequired` (spec 01 §2's
   * login-guarded routes; /faceCollection carries no flag, spec 02 §2).
   */
  loginRequired: boolean;
  /** Path being left; null on the first page load. */
  from: string | null;
  /** The session's isLogin in memory. */
  loggedInMemory: boolean;
  /** The logged-in flag in localStorage. */
  loggedInStorage: boolean;
}

export type GuardDecision =
  | { kind: 'enter' }
  /** Not logged in: go to `/`. */
  | { kind: 'home' }
  /** Not logged in, coming from face collection: stay there and say why. */
  | { kind: 'stay'; from: string }
  /** Logged in, leaving /myCourse or /myCourseCopy: enter with a full page load. */
  | { kind: 'reload' };

export function guardDecision({ to, loginRequired, from, loggedInMemory, loggedInStorage }: GuardInput): GuardDecision {
  if (!loginRequired) return { kind: 'enter' };
  if (!loggedInMemory && !loggedInStorage) {
    return from === FACE_COLLECTION_PATH ? { kind: 'stay', from } : { kind: 'home' };
  }
  if (from !== null && from !== to && RELOAD_WHEN_LEAVING.has(from) && to !== VIDEO_LEARNING_PATH)
    return { kind: 'reload' };
  return { kind: 'enter' };
}
