import { http } from '../../api/http';
import type { LoginRequest, Me, Session } from './types';

export const authApi = {
  login: (body: LoginRequest) => http.post<Session>('/auth/login', body, { anonymous: true }),
  me: () => http.get<Me>('/auth/me'),
  logout: () => http.post<void>('/auth/logout'),
};
