import { MESSAGE_TEXTS, httpFailureText } from '@yaoshi/ui/message-texts';

/** The error catalogue of spec 01 §8, as one pure function over a failed call. */

export const SUCCESS_CODE = 200;
export const UNAUTHORIZED_CODE = 401;
/** The text of a request that never got an answer (axios's, kept by http.ts); the spec ignores it silently. */
export const NETWORK_ERROR_TEXT = 'Network Error';

export type ApiFailure =
  /** The server answered `{ code, message }` with a code other than 200. */
  | { kind: 'server'; code: number; message: string }
  /** No usable answer: network, timeout, or a body that is not an envelope. */
  | { kind: 'transport'; message: string; timedOut: boolean; status?: number };

export interface CatalogueOutcome {
  /** An error message to show for 5 s, or none. */
  errorText: string | null;
  /** Log out, clear localStorage and go to `/`. */
  endSession: boolean;
}

/**
 * `staff`: a staff console call (issue 18), whose 401 ends the staff session with the
 * server's own text (请先登录管理后台) instead of the learner's.
 */
export function catalogueOutcome(failure: ApiFailure, { staff = false }: { staff?: boolean } = {}): CatalogueOutcome {
  if (failure.kind === 'server') {
    if (failure.code === UNAUTHORIZED_CODE)
      return {
        errorText: staff ? failure.message || MESSAGE_TEXTS.pleaseLogIn : MESSAGE_TEXTS.pleaseLogIn,
        endSession: true,
      };
    return { errorText: failure.message || null, endSession: false };
  }
  if (failure.timedOut) return { errorText: MESSAGE_TEXTS.requestTimedOut, endSession: false };
  if (failure.message === NETWORK_ERROR_TEXT) return { errorText: null, endSession: false };
  if (failure.status !== undefined) return { errorText: httpFailureText(failure.status), endSession: false };
  return { errorText: failure.message || null, endSession: false };
}
