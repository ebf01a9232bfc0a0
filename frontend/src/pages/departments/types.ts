import type { RequestBody } from '../../api/types';
import type { Role } from '../login/types';

/** Jobs, runs, alert channels and service tokens each belong to one department. */
export interface Department {
  id: number;
  name: string;
  description: string | null;
  /** How long the department's runs are kept; null: the platform default. */
  retentionDays: number | null;
  memberCount: number;
  jobCount: number;
  createdAt: string;
  createdBy: string | null;
}

/** POST /departments (global admins): name `^[a-z0-9][a-z0-9-]{0,62}$`, retentionDays 1..3650. */
export type CreateDepartmentRequest = RequestBody<'DepartmentCreate'>;

/** PUT /departments/{id} (its ADMINs): the name never changes. */
export type UpdateDepartmentRequest = RequestBody<'DepartmentUpdate'>;

export interface Member {
  userId: number;
  username: string;
  role: Role;
  enabled: boolean;
  globalAdmin: boolean;
}

export type AddMemberRequest = RequestBody<'DepartmentAddMember'>;

export const DEPARTMENT_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;
export const MAX_RETENTION_DAYS = 3650;
