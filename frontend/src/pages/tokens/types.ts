import type { ApiEnum, RequestBody } from '../../api/types';
import { t } from '../../i18n';
/** What a service-account token may do (crony-web's Scope). */
export type Scope = ApiEnum<'ServiceTokenResponse', 'scopes'>;

// labels are getters: read when drawn, in the current language
export const SCOPES: { value: Scope; label: string }[] = [
  { value: 'JOBS_READ', get label() { return t('tokens.readJobs'); } },
  { value: 'JOBS_WRITE', get label() { return t('tokens.writeJobs'); } },
  { value: 'RUNS_TRIGGER', get label() { return t('tokens.triggerAndCancelRuns'); } },
  { value: 'RUNS_READ', get label() { return t('tokens.readRuns'); } },
];

export type ServiceTokenStatus = ApiEnum<'ServiceTokenResponse', 'status'>;

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
export type CreateServiceTokenRequest = RequestBody<'ServiceTokenRequest'>;

export interface CreatedServiceToken {
  token: string;
  serviceToken: ServiceToken;
}
