/**
 * The hook point for `Authorization: Bearer` (spec 01 §7: every call but login carries
 * it). The real check is `sessionGate` (src/accounts/sessions.ts), which resolves the token
 * in the statement that records the request's nonce; tests may plug in an Authenticator. A contract
 * marked `auth: true` without a live session is refused with 401 请先登录.
 */
export interface Principal {
  readonly learnerId: number;
  /** The session the token opened: logout revokes it, a password change keeps only it. */
  readonly sessionId: number;
}

export interface Authenticator {
  /** The learner a token belongs to, or null when the token is unknown or expired. */
  authenticate(token: string): Promise<Principal | null>;
}

/** Accepts no token at all (tests of the pipeline without accounts). */
export const noSessions: Authenticator = {
  authenticate: async () => null,
};

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The principal of a handler behind an `auth: true` contract. The pipeline refuses such
 * calls without one before any handler runs, so a null here is a bug, not a 401.
 */
export function requirePrincipal(principal: Principal | null): Principal {
  if (principal === null) throw new Error('signed-in route reached without a principal');
  return principal;
}
