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
    /** Sent as `Retry-After` (seconds) with 429 and 503 answers. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The codes we answer with; 500 stays reserved for real bugs. */
export type ApiErrorCode = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 500 | 503;

export const badInput = (message: string = MESSAGES.payloadMalformed) => new ApiError(400, message);
export const unauthorized = (message: string) => new ApiError(401, message);
/**
 * A request our client did not sign, or signed too long ago, or sent twice. Not 401: the
 * client's catalogue (spec 01 §8) logs a learner out on 401, and a device with a wrong
 * clock must see 请求已过期 instead of being logged out.
 */
export const refusedRequest = (message: string) => new ApiError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new ApiError(404, message);
/** The request is well formed but the record's state does not allow it (an order already paid, a refund already under review). */
export const conflict = (message: string) => new ApiError(409, message);
/** Too many requests of one kind; `retryAfterSeconds` tells the client when to try again. */
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, message, Math.max(1, Math.ceil(retryAfterSeconds)));
/** A passing fault of ours (database unreachable, hashing pool full): try again shortly. */
export const unavailable = (message: string, retryAfterSeconds: number) =>
  new ApiError(503, message, Math.max(1, Math.ceil(retryAfterSeconds)));
