import type { RequestBody } from '../../api/types';
import type { Membership, Role } from '../login/types';

export interface User {
  id: number | string;
  username: string;
  /** In the department the dashboard works in; null when the user is no member of it. */
  role: Role | null;
  globalAdmin: boolean;
  enabled: boolean;
  createdAt?: string;
  updatedAt?: string;
  /** Every department the user belongs to, with the role there. */
  departments: Membership[];
}

/** POST /users: password 12–72 characters (and not a common one: the server says which rule); a role makes the user a member of the current department. */
export type CreateUserRequest = RequestBody<'UserCreate'>;

/** PUT /users/{id}: absent fields stay as they are; a new password ends the user's sessions. */
export type UpdateUserRequest = RequestBody<'UserUpdate'>;
