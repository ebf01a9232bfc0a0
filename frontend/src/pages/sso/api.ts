import { http } from '../../api/http';
import type { GroupMapping, GroupMappingRequest } from './types';

export const groupMappingsApi = {
  list: (signal?: AbortSignal) => http.get<GroupMapping[]>('/sso/group-mappings', undefined, signal),
  create: (request: GroupMappingRequest) => http.post<GroupMapping>('/sso/group-mappings', request),
  remove: (id: GroupMapping['id']) => http.delete(`/sso/group-mappings/${id}`),
};
