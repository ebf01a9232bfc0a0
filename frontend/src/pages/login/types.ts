import type { ApiEnum, RequestBody } from '../../api/types';
export type Role = ApiEnum<'Me', 'role'>;

export type LoginRequest = RequestBody<'LoginRequest'>;

/** The login answer; the dashboard's session itself is the HttpOnly cookie the answer set. */
export interface Session {
  expiresAt: string;
  username: string;
  /** In the user's home department; null when the user belongs to none. */
  role: Role | null;
  globalAdmin?: boolean;
}

export interface DepartmentRef {
  id: number;
  name: string;
}

/** A department the user belongs to, with the role there. */
export interface Membership extends DepartmentRef {
  role: Role;
}

/**
 * Who is signed in. `department` is the department the dashboard works in (the one chosen
 * in the header, else the server's home department) and `role` the user's role there.
 */
export interface Me {
  id?: number;
  username: string;
  role: Role | null;
  /** ADMIN in every department; the only one who manages users and departments. */
  globalAdmin: boolean;
  department: DepartmentRef | null;
  /** The user's memberships; for a global admin every department, as ADMIN. */
  departments: Membership[];
}

/** The sign-in page's other ways in: `oidc` only when OpenID Connect sign-in is configured. */
export interface SignInOptions {
  oidc?: { name: string; path: string };
  /** Where the run page links a run's trace, `{traceId}` in it; absent when not configured. */
  traceLinkTemplate?: string;
}

/** Sign-out's answer when the provider that signed the session in ends its own session too. */
export interface SignedOut {
  redirectTo: string;
}
