import { http } from '../../api/http';
import type { RequestBody } from '../../api/types';
import type { Role } from '../login/types';
import type { AddMemberRequest, CreateDepartmentRequest, Department, Member, UpdateDepartmentRequest } from './types';

export const departmentsApi = {
  list: (signal?: AbortSignal) => http.get<Department[]>('/departments', undefined, signal),
  get: (id: Department['id'], signal?: AbortSignal) => http.get<Department>(`/departments/${id}`, undefined, signal),
  create: (request: CreateDepartmentRequest) => http.post<Department>('/departments', request),
  update: (id: Department['id'], request: UpdateDepartmentRequest) => http.put<Department>(`/departments/${id}`, request),
  remove: (id: Department['id']) => http.delete(`/departments/${id}`),
  members: (id: Department['id'], signal?: AbortSignal) => http.get<Member[]>(`/departments/${id}/members`, undefined, signal),
  addMember: (id: Department['id'], request: AddMemberRequest) => http.post<Member>(`/departments/${id}/members`, request),
  changeRole: (id: Department['id'], userId: Member['userId'], role: Role) =>
    http.put<Member>(`/departments/${id}/members/${userId}`, { role } satisfies RequestBody<'DepartmentChangeRole'>),
  removeMember: (id: Department['id'], userId: Member['userId']) => http.delete(`/departments/${id}/members/${userId}`),
};
