import { allOf, type ApiEnum } from '../../api/types';
/** The audit log, as crony-web's /audit and /jobs/{id}/history answer. */
export const AUDIT_ACTIONS = allOf<AuditAction>()([
  'JOB_CREATE',
  'JOB_UPDATE',
  'JOB_DELETE',
  'JOB_ENABLE',
  'JOB_DISABLE',
  'JOB_CLONE',
  'JOB_RUN',
  'EXECUTION_CANCEL',
  'EXECUTION_CLEAR',
  'USER_CREATE',
  'USER_UPDATE',
  'USER_DELETE',
  'LOGIN',
  'LOGIN_FAILED',
  'LOGIN_REFUSED',
  'LOGOUT',
  'CHANNEL_CREATE',
  'CHANNEL_UPDATE',
  'CHANNEL_DELETE',
  'AGENT_UPDATE',
  'CLUSTER_REBALANCE',
  'RETENTION_PURGE',
  'SERVICE_TOKEN_CREATE',
  'SERVICE_TOKEN_REVOKE',
  'SERVICE_TOKEN_DELETE',
  'DEPARTMENT_CREATE',
  'DEPARTMENT_UPDATE',
  'DEPARTMENT_DELETE',
  'MEMBER_ADD',
  'MEMBER_UPDATE',
  'MEMBER_REMOVE',
  'CALENDAR_CREATE',
  'CALENDAR_UPDATE',
  'CALENDAR_DELETE',
  'SSO_MAPPING_CREATE',
  'SSO_MAPPING_UPDATE',
  'SSO_MAPPING_DELETE',
]);
export type AuditAction = ApiEnum<'AuditEntry', 'action'>;
export const AUDIT_OBJECT_TYPES = allOf<AuditObjectType>()([
  'JOB',
  'USER',
  'ALERT_CHANNEL',
  'AGENT',
  'CLUSTER',
  'SERVICE_TOKEN',
  'DEPARTMENT',
  'CALENDAR',
  'SSO_GROUP_MAPPING',
]);
export type AuditObjectType = ApiEnum<'AuditEntry', 'objectType'>;

/** One changed field; values are text (JSON unless text), a secret is `******`, null when absent. */
export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

export interface AuditEntry {
  id: number;
  at: string;
  /** USER, TOKEN (a service token: actorName is token:<name>), or ANONYMOUS for a failed sign-in (actorName is then the name tried). */
  actorType: 'USER' | 'TOKEN' | 'ANONYMOUS';
  actorId?: number | null;
  actorName?: string | null;
  address?: string | null;
  action: AuditAction;
  objectType: AuditObjectType;
  objectId?: string | null;
  objectName?: string | null;
  changes: AuditChange[];
}

export interface AuditFilter {
  actor?: string;
  action?: AuditAction;
  objectType?: AuditObjectType;
  objectId?: string;
  /** ISO-8601 instants: at or after `from`, before `to`. */
  from?: string;
  to?: string;
  page: number;
  size: number;
}
