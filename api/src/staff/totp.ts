import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/**
 * TOTP second factor (RFC 6238: 6 digits, 30-second steps, SHA-1, the defaults every
 * authenticator app uses), through otplib. A code is accepted for its own step and one
 * step either side (clock drift), and never for a step at or before the last one used.
 */

export const TOTP_ISSUER = '药师继续教育管理后台';
const PERIOD_SECONDS = 30;
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(username: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: username, secret });
}

/** The step a valid `code` belongs to, or null. */
export function acceptedTotpStep(secret: string, code: string, nowMs: number, lastStep: number | null): number | null {
  try {
    const result = verifySync({
      secret,
      token: code,
      epoch: Math.floor(nowMs / 1000),
      epochTolerance: TOLERANCE_SECONDS,
      ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
    });
    return result.valid ? Math.floor(nowMs / 1000 / PERIOD_SECONDS) + result.delta : null;
  } catch {
    // A malformed secret or code matches nothing.
    return null;
  }
}

/** The current code (tests, and the development README's demo accounts). */
export function currentTotp(secret: string, nowMs: number): string {
  return generateSync({ secret, epoch: Math.floor(nowMs / 1000) });
}
