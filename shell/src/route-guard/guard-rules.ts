/**
 * The route guard of spec 01 §6, as pure functions. The site's routes call `guardDecision`
 * on every navigation, before the page renders, and carry out what it answers
 * (`useGuardedLocation`).
 */

/** 人脸采集: where a learner without a face photo is sent (login, the guard, the avatar's 更换). */
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
  /**
   * A token is stored without the logged-in flag: the learner signed in and was sent to
   * /faceCollection first (face_init 0), so the session waits for her face photo.
   */
  awaitingFace?: boolean;
}

export type GuardDecision =
  | { kind: 'enter' }
  /** Not logged in: go to `/`. */
  | { kind: 'home' }
  /** Not logged in, coming from face collection: stay there and say why. */
  | { kind: 'stay'; from: string }
  /** Signed in but not logged in until a face photo is on file: go to face collection and say why. */
  | { kind: 'face' }
  /** Logged in, leaving /myCourse or /myCourseCopy: enter with a full page load. */
  | { kind: 'reload' };

export function guardDecision({
  to,
  loginRequired,
  from,
  loggedInMemory,
  loggedInStorage,
  awaitingFace = false,
}: GuardInput): GuardDecision {
  if (!loginRequired) return { kind: 'enter' };
  if (!loggedInMemory && !loggedInStorage) {
    if (from === FACE_COLLECTION_PATH) return { kind: 'stay', from };
    // A typed address or a reload: the home page's login box would not tell her why.
    return awaitingFace ? { kind: 'face' } : { kind: 'home' };
  }
  if (from !== null && from !== to && RELOAD_WHEN_LEAVING.has(from) && to !== VIDEO_LEARNING_PATH)
    return { kind: 'reload' };
  return { kind: 'enter' };
}
