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

/** A signed-in staff member (issue 18), for `auth: 'staff'` contracts. */
export interface StaffPrincipal {
  readonly staffId: number;
  readonly sessionId: number;
  readonly username: string;
  readonly roles: readonly string[];
  readonly permissions: ReadonlySet<string>;
  /** The password is still the generated one: only `STAFF_PATHS_BEFORE_PASSWORD_CHANGE` answer. */
  readonly mustChangePassword: boolean;
}

export interface StaffAuthenticator {
  /**
   * The staff member a token belongs to, or null when it is unknown, revoked, expired,
   * idle too long or its account is disabled. A successful look-up counts as activity.
   */
  authenticate(token: string): Promise<StaffPrincipal | null>;
}

/** Accepts no staff token (tests of the pipeline without staff accounts). */
export const noStaff: StaffAuthenticator = {
  authenticate: async () => null,
};

/** The staff member of a handler behind an `auth: 'staff'` contract (the pipeline guarantees one). */
export function requireStaff(staff: StaffPrincipal | null): StaffPrincipal {
  if (staff === null) throw new Error('staff route reached without a staff principal');
  return staff;
}
