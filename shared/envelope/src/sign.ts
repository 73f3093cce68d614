import { hmacSha256Base64 } from './hmac-sha256';
import {
  SIGN_HEADERS,
  canonicalString,
  encodeData,
  formEncode,
  randomNonce,
  type HttpMethod,
  type Payload,
} from './envelope';

/**
 * Signing with a small synchronous HMAC (hmac-sha256.ts), so the same code runs in the
 * browser (no WebCrypto await, no secure-context requirement) and in Node test clients.
 */
export function computeSignature(
  secret: string,
  appId: string,
  timestamp: string,
  nonce: string,
  data: string,
): string {
  return hmacSha256Base64(secret, canonicalString(appId, timestamp, nonce, data));
}

export interface SignerConfig {
  appId: string;
  secret: string;
}

export interface SignedRequestInput {
  method: HttpMethod;
  /** Path with no query string, e.g. `/v1/article`. */
  path: string;
  payload?: Payload;
  /** Bearer token; omitted for login and anonymous calls. */
  token?: string | null;
  /** Overridable for tests; default now / random. */
  timestamp?: number;
  nonce?: string;
}

export interface SignedRequest {
  method: HttpMethod;
  /** Path plus `?data=` for GET. */
  url: string;
  headers: Record<string, string>;
  /** Form body for POST, undefined for GET. */
  body: string | undefined;
}

/** The signature's text; Node callers that sign in bulk may pass a node:crypto one. */
export type SignatureFunction = typeof computeSignature;

export function signRequest(
  config: SignerConfig,
  input: SignedRequestInput,
  sign: SignatureFunction = computeSignature,
): SignedRequest {
  const data = encodeData(input.payload);
  const timestamp = String(input.timestamp ?? Date.now());
  const nonce = input.nonce ?? randomNonce();
  const headers: Record<string, string> = {
    [SIGN_HEADERS.appId]: config.appId,
    [SIGN_HEADERS.timestamp]: timestamp,
    [SIGN_HEADERS.nonce]: nonce,
    [SIGN_HEADERS.sign]: sign(config.secret, config.appId, timestamp, nonce, data),
  };
  if (input.token) headers.authorization = `Bearer ${input.token}`;
  if (input.method === 'GET') {
    return { method: 'GET', url: `${input.path}?${formEncode(data)}`, headers, body: undefined };
  }
  headers['content-type'] = 'application/x-www-form-urlencoded';
  return { method: 'POST', url: input.path, headers, body: formEncode(data) };
}
