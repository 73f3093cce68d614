import type { Authenticator, Principal } from '../auth/authenticator';
import type { NonceGuard } from './nonce-store';

/**
 * Steps 3 and 4 of the pipeline (signed-routes.ts): record the request's nonce, and for a
 * signed-in contract resolve the bearer token. They are one interface so the real
 * implementation can do both in a single database round trip (`sessionGate` in
 * accounts/sessions.ts), which every signed request pays.
 */

export interface NonceClaim {
  appId: string;
  nonce: string;
  /** The request's signed timestamp, in milliseconds. */
  timestamp: number;
}

export interface Admission {
  /** False when this app already used the nonce: a replay, refused before anything else. */
  fresh: boolean;
  /** The learner of the token, or null (no token asked for, unknown, expired or revoked). */
  principal: Principal | null;
}

export interface RequestGate {
  /** Records the nonce and, when `token` is not null, looks the session up. */
  admit(claim: NonceClaim, token: string | null): Promise<Admission>;
}

/** The two steps one after another: for tests that bring an authenticator of their own. */
export function composedGate(nonces: NonceGuard, authenticator: Authenticator): RequestGate {
  return {
    async admit(claim, token) {
      if (!(await nonces.accept(claim.appId, claim.nonce, claim.timestamp))) return { fresh: false, principal: null };
      return { fresh: true, principal: token === null ? null : await authenticator.authenticate(token) };
    },
  };
}
