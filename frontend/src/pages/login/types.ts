export type Role = 'ADMIN' | 'OPERATOR' | 'VIEWER';

export interface LoginRequest {
  username: string;
  password: string;
}

export interface Session {
  token: string;
  expiresAt: string;
  username: string;
  role: Role;
}

export interface Me {
  id?: number;
  username: string;
  role: Role;
}
