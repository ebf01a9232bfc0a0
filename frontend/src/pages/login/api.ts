import { http } from '../../api/http';
import type { LoginRequest, Me, Session } from './types';

export const authApi = {
  login: (body: LoginRequest) => http.post<Session>('/auth/login', body, { anonymous: true }),
  /** Who the user is in the home department, with every membership (see AuthProvider). */
  me: () => http.get<Me>('/auth/me', undefined, undefined, { homeDepartment: true }),
  logout: () => http.post<void>('/auth/logout'),
};
