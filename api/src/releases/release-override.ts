import { createHmac, timingSafeEqual } from 'node:crypto';
import { REMOTE_KEY_PATTERN, VERSION_PATTERN } from '@yaoshi/contracts/release-manifest';

/**
 * A QA override: a link a release manager opens to see one remote at one version in their
 * own browser. The link carries a signed, expiring grant; opening it sets the same grant as
 * a cookie for an hour. Nobody else's pins change.
 */
export const OVERRIDE_COOKIE = 'yaoshi_release_override';
export const OVERRIDE_LIFETIME_MS = 60 * 60 * 1000;

export interface OverrideGrant {
  remote: string;
  version: string;
  /** Expiry, ms since the epoch. */
  expires: number;
}

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', `release-override\0${secret}`).update(payload).digest();
}

export function signOverride(secret: string, grant: OverrideGrant): string {
  const payload = Buffer.from(`${grant.remote}|${grant.version}|${grant.expires}`).toString('base64url');
  return `${payload}.${signature(secret, payload).toString('base64url')}`;
}

/** The grant a token carries, if its signature is right and it has not expired. */
export function verifyOverride(secret: string, token: string | undefined, nowMs: number): OverrideGrant | null {
  if (!token || token.length > 300) return null;
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const expected = signature(secret, payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [remote, version, expires] = Buffer.from(payload, 'base64url').toString('utf8').split('|');
  const expiry = Number(expires);
  if (
    !remote ||
    !version ||
    !REMOTE_KEY_PATTERN.test(remote) ||
    !VERSION_PATTERN.test(version) ||
    !Number.isFinite(expiry) ||
    expiry <= nowMs
  )
    return null;
  return { remote, version, expires: expiry };
}
