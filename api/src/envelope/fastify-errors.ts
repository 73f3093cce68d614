import { MESSAGES } from '../messages';
import { ApiError, type ApiErrorCode } from './api-error';
import { DATABASE_RETRY_AFTER_S, isTransientDatabaseFault } from '../db/database-faults';

/**
 * Errors raised by Fastify itself (body parsing, content types, URLs) are the client's
 * fault and get a 4xx envelope; only an error we cannot classify is a 500, and that is a
 * bug to fix. Pure, so every mapping is tested without a server.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // The database is away or restarting (or still deadlocking after retries): not a bug, try again shortly.
  if (isTransientDatabaseFault(error)) return new ApiError(503, MESSAGES.databaseUnavailable, DATABASE_RETRY_AFTER_S);
  const { code, statusCode } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    statusCode?: unknown;
  };
  // Fastify sets statusCode on its own errors (413 body too large, 415 content type, 400
  // bad content length or URL …); `code` is checked too in case a plugin omits it.
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new ApiError(413, MESSAGES.payloadTooLarge);
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return new ApiError(clientErrorCode(statusCode), clientErrorMessage(statusCode));
  }
  return new ApiError(500, MESSAGES.internalError);
}

function clientErrorCode(status: number): ApiErrorCode {
  switch (status) {
    case 401:
    case 403:
    case 404:
    case 405:
    case 413:
    case 415:
    case 429:
      return status;
    default:
      return 400;
  }
}

function clientErrorMessage(status: number): string {
  switch (status) {
    case 404:
      return MESSAGES.notFound;
    case 413:
      return MESSAGES.payloadTooLarge;
    case 415:
      return MESSAGES.unsupportedContentType;
    default:
      return MESSAGES.badRequest;
  }
}
