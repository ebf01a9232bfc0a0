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
export interface CreateDepartmentRequest {
  name: string;
  description?: string | null;
  retentionDays?: number | null;
}

/** PUT /departments/{id} (its ADMINs): the name never changes. */
export interface UpdateDepartmentRequest {
  description?: string | null;
  retentionDays?: number | null;
}

export interface Member {
  userId: number;
  username: string;
  role: Role;
  enabled: boolean;
  globalAdmin: boolean;
}

export interface AddMemberRequest {
  username: string;
  role: Role;
}

export const DEPARTMENT_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;
export const MAX_RETENTION_DAYS = 3650;
