import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * HMAC-SHA-256 for signing requests in the browser, synchronous, on @noble/hashes (audited,
 * maintained, a few KB once tree-shaken). Not Web Crypto: it is asynchronous and exists only
 * in secure contexts (a site opened over plain http on a LAN address has none); not crypto-js,
 * which is no longer developed. Text is UTF-8, as node:crypto reads it on the server;
 * hmac-sha256.test.ts checks it against node:crypto and the RFC 4231 vectors.
 */

const utf8 = new TextEncoder();

/** HMAC-SHA-256 of bytes. */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return hmac(sha256, key, message);
}

/** base64(HMAC-SHA-256(secret, message)), both texts UTF-8: the envelope's X-Sign. */
export function hmacSha256Base64(secret: string, message: string): string {
  const mac = hmacSha256(utf8.encode(secret), utf8.encode(message));
  return btoa(String.fromCharCode(...mac));
}
