import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { MAX_CLOCK_SKEW_MS, SIGN_HEADERS, canonicalString } from './envelope';

/** Server-side verification with node:crypto; the browser signs with hmac-sha256.ts (sign.ts). */

export type SignatureFailure = 'missing-headers' | 'unknown-app' | 'stale-timestamp' | 'bad-signature';

export type SignatureCheck =
  { ok: true; appId: string; nonce: string; timestamp: number } | { ok: false; reason: SignatureFailure };

export interface VerifyOptions {
  /** app id → secret */
  secrets: ReadonlyMap<string, string>;
  now: number;
  maxSkewMs?: number;
}

/**
 * Each secret's key, made once: createHmac given the secret as text imports it as a new key
 * on every call, that is on every signed request. A handful of secrets ever (one per app).
 */
const secretKeys = new Map<string, KeyObject>();
function secretKeyOf(secret: string): KeyObject {
  let key = secretKeys.get(secret);
  if (key === undefined) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    secretKeys.set(secret, key);
  }
  return key;
}

/** The HMAC of spec 01 §7 with node:crypto: what `computeSignature` (sign.ts) encodes in base64. */
export function signatureBytes(secret: string, appId: string, timestamp: string, nonce: string, data: string): Buffer {
  return createHmac('sha256', secretKeyOf(secret))
    .update(canonicalString(appId, timestamp, nonce, data), 'utf8')
    .digest();
}

type HeaderBag = Record<string, string | string[] | undefined>;

function single(headers: HeaderBag, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export function verifySignature(headers: HeaderBag, data: string, options: VerifyOptions): SignatureCheck {
  const appId = single(headers, SIGN_HEADERS.appId);
  const timestampText = single(headers, SIGN_HEADERS.timestamp);
  const nonce = single(headers, SIGN_HEADERS.nonce);
  const sign = single(headers, SIGN_HEADERS.sign);
  if (!appId || !timestampText || !nonce || !sign || nonce.length > 128) {
    return { ok: false, reason: 'missing-headers' };
  }
  const secret = options.secrets.get(appId);
  if (secret === undefined) return { ok: false, reason: 'unknown-app' };
  if (!/^\d{1,16}$/.test(timestampText)) return { ok: false, reason: 'stale-timestamp' };
  const timestamp = Number(timestampText);
  if (Math.abs(options.now - timestamp) > (options.maxSkewMs ?? MAX_CLOCK_SKEW_MS)) {
    return { ok: false, reason: 'stale-timestamp' };
  }
  const expected = signatureBytes(secret, appId, timestampText, nonce, data);
  const given = Buffer.from(sign, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad-signature' };
  }
  return { ok: true, appId, nonce, timestamp };
}
