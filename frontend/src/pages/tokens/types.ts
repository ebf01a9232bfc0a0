/** What a service-account token may do (crony-web's Scope). */
export type Scope = 'JOBS_READ' | 'JOBS_WRITE' | 'RUNS_TRIGGER' | 'RUNS_READ';

export const SCOPES: { value: Scope; label: string }[] = [
  { value: 'JOBS_READ', label: 'Read jobs' },
  { value: 'JOBS_WRITE', label: 'Write jobs' },
  { value: 'RUNS_TRIGGER', label: 'Trigger and cancel runs' },
  { value: 'RUNS_READ', label: 'Read runs' },
];

export type ServiceTokenStatus = 'ACTIVE' | 'EXPIRED' | 'REVOKED';

/** A token's record; the token itself is only in the answer to its creation. */
export interface ServiceToken {
  id: number;
  name: string;
  tokenHint: string;
  scopes: Scope[];
  status: ServiceTokenStatus;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt?: string | null;
  revokedAt?: string | null;
  revokedBy?: string | null;
}

/** POST /service-tokens: expiresInDays 1–365, 90 when absent. */
export interface CreateServiceTokenRequest {
  name: string;
  scopes: Scope[];
  expiresInDays?: number;
}

export interface CreatedServiceToken {
  token: string;
  serviceToken: ServiceToken;
}
