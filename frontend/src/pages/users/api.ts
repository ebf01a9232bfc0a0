import { http, type Page } from '../../api/http';
import type { User, UserRequest } from './types';

/** The server may page users or answer a plain list; both become a list. */
export function readUsers(body: User[] | Page<User>): User[] {
  return Array.isArray(body) ? body : (body?.items ?? []);
}

export const usersApi = {
  list: async (signal?: AbortSignal) => readUsers(await http.get<User[] | Page<User>>('/users', undefined, signal)),
  create: (user: UserRequest) => http.post<User>('/users', user),
  update: (id: User['id'], user: UserRequest) => http.put<User>(`/users/${id}`, user),
  remove: (id: User['id']) => http.delete(`/users/${id}`),
};
