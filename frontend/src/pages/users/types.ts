import type { Role } from '../login/types';

export interface User {
  id: number | string;
  username: string;
  role: Role;
  enabled: boolean;
  createdAt?: string;
}

export interface UserRequest {
  username: string;
  /** Required on create; on update, blank keeps the current password. */
  password?: string;
  role: Role;
  enabled: boolean;
}
