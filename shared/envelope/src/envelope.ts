/**
 * The request envelope of spec 01 §7, written once for the browser client, the API server
 * and every test client. A payload is merged with the client identity, serialized as JSON
 * and carried in one field named `data`: in the query string for GET, in an
 * application/x-www-form-urlencoded body for POST.
 */

export const CLIENT_IDENTITY = { apptype: 'web', appversion: '1.0' } as const;

export const DATA_FIELD = 'data';

/** Header names, lower case as Node delivers them. */
export const SIGN_HEADERS = {
  appId: 'x-app-id',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  sign: 'x-sign',
} as const;

export const DEFAULT_APP_ID = 'yaoshi-web';
/** Development only: the server refuses to start in production with this value. */
export const DEVELOPMENT_SIGN_SECRET = 'dev-secret-change-me';

/** A signed request older or newer than this, by the server's clock, is refused. */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

export type Payload = Record<string, unknown>;

export type HttpMethod = 'GET' | 'POST';

/** The JSON text that travels in `data` and is signed byte for byte. */
export function encodeData(payload: Payload = {}): string {
  return JSON.stringify({ ...payload, ...CLIENT_IDENTITY });
}

/** What the signature covers: app id, timestamp, nonce and the data text, one per line. */
export function canonicalString(appId: string, timestamp: string, nonce: string, data: string): string {
  return `${appId}\n${timestamp}\n${nonce}\n${data}`;
}

/** 128 random bits as hex; `crypto.getRandomValues` exists in browsers and in Node 20. */
export function randomNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `application/x-www-form-urlencoded` body or query string carrying one `data` field. */
export function formEncode(data: string): string {
  return new URLSearchParams({ [DATA_FIELD]: data }).toString();
}
