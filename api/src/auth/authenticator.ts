/**
 * The hook point for `Authorization: Bearer` (spec 01 §7: every call but login carries
 * it). Issue 3 brings learners, sessions and a real Authenticator; until then no token is
 * valid, so a contract marked `auth: true` is refused with 401 请先登录.
 */
export interface Principal {
  readonly learnerId: number;
}

export interface Authenticator {
  /** The learner a token belongs to, or null when the token is unknown or expired. */
  authenticate(token: string): Promise<Principal | null>;
}

export const noSessionsYet: Authenticator = {
  authenticate: async () => null,
};

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
