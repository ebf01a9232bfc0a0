import type { Role } from '../login/types';

export interface User {
  id: number | string;
  username: string;
  role: Role;
  enabled: boolean;
  createdAt?: string;
  updatedAt?: string;
}

/** POST /users: password 8–72 characters. */
export interface CreateUserRequest {
  username: string;
  password: string;
  role: Role;
  enabled: boolean;
}

/** PUT /users/{id}: absent fields stay as they are; a new password ends the user's sessions. */
export interface UpdateUserRequest {
  role?: Role;
  enabled?: boolean;
  password?: string;
}
