import type { Schemas } from '../../api/types';
import type { Role } from '../login/types';

/** A directory or OpenID Connect group mapped to a role in a department (GET /sso/group-mappings). */
export interface GroupMapping {
  id: number;
  group: string;
  departmentId: number;
  department: string;
  role: Role;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** POST /sso/group-mappings: the department by name; a group maps once to a department. */
export type GroupMappingRequest = Schemas['SsoGroupMappingRequest'];
