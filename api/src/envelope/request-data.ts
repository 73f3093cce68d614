import { CLIENT_IDENTITY, DATA_FIELD } from '@yaoshi/envelope/envelope';
import { MESSAGES } from '../messages';
import { badInput } from './api-error';

/**
 * Reading the one `data` field of spec 01 §7 and turning it into a payload object.
 * Pure functions: the route pipeline calls them in order (envelope-route.ts).
 */

/** The query-string part of a request URL, as sent (still percent-encoded). */
export function queryStringOf(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
}

/**
 * The `data` text exactly as the client signed it, decoded with the same
 * URLSearchParams rules the client encoded it with. Missing or repeated → null: a second
 * `data` would make "which one was signed" ambiguous.
 */
export function dataFieldOf(formText: string): string | null {
  const values = new URLSearchParams(formText).getAll(DATA_FIELD);
  return values.length === 1 ? (values[0] ?? null) : null;
}

export type Payload = Record<string, unknown>;

function isPlainObject(value: unknown): value is Payload {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * JSON text → payload object without the client identity fields, which every call
 * carries and no contract declares. Anything but a JSON object is malformed.
 */
export function payloadFromData(dataText: string | null): Payload {
  if (dataText === null) throw badInput(MESSAGES.payloadMalformed);
  let parsed: unknown;
  try {
    parsed = JSON.parse(dataText);
  } catch {
    // SyntaxError, and RangeError for absurdly deep nesting: both are the client's fault.
    throw badInput(MESSAGES.payloadMalformed);
  }
  if (!isPlainObject(parsed)) throw badInput(MESSAGES.payloadMalformed);
  const payload: Payload = { ...parsed };
  for (const key of Object.keys(CLIENT_IDENTITY)) delete payload[key];
  return payload;
}
