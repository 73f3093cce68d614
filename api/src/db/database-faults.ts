import { isRetryable } from './statement-batcher';

/**
 * Errors that mean "the database cannot be reached or is restarting" rather than "this
 * request is wrong": the caller should try again shortly (503 with Retry-After).
 */
const UNREACHABLE_NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a database going away or not taking connections: class 08 (connection
 * exception), 57P01–57P03 (admin shutdown, crash shutdown, cannot connect now), 53300
 * (too many connections).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

/** node-postgres's own messages when a connection dies or cannot be had in time. */
const UNREACHABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection.*(ended|closed)/i,
  /Client has encountered a connection error/i,
];

/** Seconds a client is told to wait while the database is away. */
export const DATABASE_RETRY_AFTER_S = 5;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (
    typeof code === 'string' &&
    (UNREACHABLE_NETWORK_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)))
  )
    return true;
  if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // An AggregateError (a connection refused on both IPv4 and IPv6) and drizzle's wrapper (`cause`).
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause, depth + 1);
}

/** A passing fault of the database: unreachable, restarting, or still deadlocking after the retries. */
export function isTransientDatabaseFault(error: unknown): boolean {
  return isDatabaseUnavailable(error) || isRetryable(error);
}
