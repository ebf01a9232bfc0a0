import { http, type Page } from '../../api/http';
import type { CreateUserRequest, UpdateUserRequest, User } from './types';

/** The server may page users or answer a plain list; both become a list. */
export function readUsers(body: User[] | Page<User>): User[] {
  return Array.isArray(body) ? body : (body?.items ?? []);
}

export const usersApi = {
  list: async (signal?: AbortSignal) => readUsers(await http.get<User[] | Page<User>>('/users', { page: 1, size: 200 }, signal)),
  create: (user: CreateUserRequest) => http.post<User>('/users', user),
  update: (id: User['id'], user: UpdateUserRequest) => http.put<User>(`/users/${id}`, user),
  remove: (id: User['id']) => http.delete(`/users/${id}`),
};
