import { allOf, type ApiEnum, type RequestBody } from '../../api/types';
/** Alert channels and alert history, as crony-web's /alert-channels and /alerts answer. */
export const CHANNEL_TYPES = allOf<ChannelType>()(['MAIL', 'FEISHU', 'DINGTALK', 'WEBHOOK']);
export type ChannelType = ApiEnum<'ChannelResponse', 'type'>;
export const MAIL_SECURITIES = allOf<MailSecurity>()(['NONE', 'STARTTLS', 'SSL']);
export type MailSecurity = ApiEnum<'ChannelConfig', 'security'>;
/** The language a channel's messages are written in (subject and text; webhook fields stay English). */
export const ALERT_LANGUAGES = allOf<AlertLanguage>()(['en', 'zh-CN']);
export type AlertLanguage = ApiEnum<'ChannelResponse', 'language'>;
export const ALERT_KINDS = allOf<AlertKind>()(['FAILURE', 'TIMEOUT', 'FAILURE_RATE', 'RECOVERY', 'AGENT_LOST', 'NO_AGENT', 'UNPLACED', 'UPSTREAM_FAILED', 'WORKFLOW_LATE', 'SPOOL_FULL', 'SPOOL_DRAINED', 'TEST']);
export type AlertKind = ApiEnum<'AlertResponse', 'kind'>;
export const ALERT_STATUSES = allOf<AlertStatus>()(['SENT', 'FAILED', 'SUPPRESSED', 'NO_CHANNEL']);
export type AlertStatus = ApiEnum<'AlertResponse', 'status'>;

/** MAIL uses host…to; FEISHU, DINGTALK and WEBHOOK use url. */
export interface ChannelConfig {
  url?: string | null;
  host?: string | null;
  port?: number | null;
  username?: string | null;
  security?: MailSecurity | null;
  from?: string | null;
  to?: string[] | null;
}

/** What POST and PUT /alert-channels take. The secret is write-only: absent on update keeps it. */
export type ChannelRequest = RequestBody<'ChannelRequest'>;

export interface Channel extends Omit<ChannelRequest, 'secret' | 'language'> {
  id: number;
  language: AlertLanguage;
  /** Whether a secret is stored; the secret itself never comes back. */
  secretSet: boolean;
  createdBy?: string | null;
  createdAt: string;
  updatedAt: string;
}

/** POST /alert-channels/{id}/test */
export interface TestResult {
  delivered: boolean;
  attempts: number;
  error?: string | null;
  tookMillis: number;
}

export interface Alert {
  id: number;
  /** Absent for a SUPPRESSED or NO_CHANNEL alert. */
  channelId?: number | null;
  kind: AlertKind;
  jobId?: number | null;
  executionId?: number | null;
  agentId?: string | null;
  dedupKey?: string | null;
  status: AlertStatus;
  attempts: number;
  error?: string | null;
  subject?: string | null;
  text?: string | null;
  createdAt: string;
  sentAt?: string | null;
}

export interface AlertFilter {
  jobId?: string;
  channelId?: string;
  kind?: AlertKind;
  status?: AlertStatus;
  page: number;
  size: number;
}

/** A job's alert rules (JobRequest.alerts). */
export interface AlertPolicy {
  channelIds: number[];
  onFailure: boolean;
  onTimeout: boolean;
  /** Alert when the failed share of runs over the window passes the threshold. */
  failureRate?: { threshold: number; windowMinutes: number; minRuns: number } | null;
  onRecovery: boolean;
}
