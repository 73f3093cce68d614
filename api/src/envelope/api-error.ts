import { MESSAGES } from '../messages';

/**
 * A refusal the client should see as `{ code, message, data: null }` with the same
 * number as the HTTP status. Throw it anywhere below a route; the v1 error handler
 * turns it into the response.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The codes we answer with; 500 stays reserved for real bugs. */
export type ApiErrorCode = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 500;

export const badInput = (message: string = MESSAGES.payloadMalformed) => new ApiError(400, message);
export const unauthorized = (message: string) => new ApiError(401, message);
/**
 * A request our client did not sign, or signed too long ago, or sent twice. Not 401: the
 * client's catalogue (spec 01 §8) logs a learner out on 401, and a device with a wrong
 * clock must see 请求已过期 instead of being logged out.
 */
export const refusedRequest = (message: string) => new ApiError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new ApiError(404, message);
