import { http } from '../../api/http';
import type { RequestBody } from '../../api/types';
import type { LoginRequest, Me, Session, SignedOut, SignInOptions } from './types';

export const authApi = {
  /** The session comes back as an HttpOnly cookie (`cookie: true`), never as a token script could read. */
  login: (body: LoginRequest) => http.post<Session>('/auth/login', { ...body, cookie: true } satisfies RequestBody<'LoginRequest'>, { anonymous: true }),
  /** Who the user is in the home department, with every membership (see AuthProvider). */
  me: () => http.get<Me>('/auth/me', undefined, undefined, { homeDepartment: true }),
  /**
   * Revokes the session on the server, which also clears the cookie. When an OpenID Connect
   * provider signed the session in, the answer says where the provider ends its own session.
   */
  logout: () => http.post<SignedOut | undefined>('/auth/logout'),
  /** How else one may sign in (an OpenID Connect provider's button); asked before sign-in. */
  signInOptions: () => http.get<SignInOptions>('/auth/sign-in-options', undefined, undefined, { anonymous: true }),
};
