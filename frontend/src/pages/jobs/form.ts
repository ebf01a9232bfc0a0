/** Converts between the API's job and the shape the form edits (maps become key/value rows). */
import type { AlertPolicy } from '../alerts/types';
import type { CalendarRule } from '../calendars/types';
import type {
  BackoffStrategy,
  InstanceChoice,
  Job,
  JobRequest,
  MisfirePolicy,
  OverlapPolicy,
  RetryPolicy,
  Strategy,
  Target,
  TargetMode,
  TargetType,
} from './types';

export interface KeyValue {
  key: string;
  value: string;
}

export interface JobFormValues {
  name: string;
  description?: string;
  schedule: string;
  timeZone: string;
  target: {
    type: TargetType;
    method?: string;
    url?: string;
    headers: KeyValue[];
    body?: string;
    mode: TargetMode;
    command?: string;
    successCodes: number[];
    /** `lb://` and `discovery:///` targets only. */
    instanceChoice?: InstanceChoice;
    /** ASYNC HTTP and GRPC targets only (GRPC: /handler); empty: the run's result is reported. */
    statusUrl?: string;
    /** ASYNC discovered targets only; empty: a silent run waits for its deadline. */
    progressTimeoutSeconds?: number | null;
    /** Discovered SYNC targets only: one call, `shards` calls, or one per instance. */
    callsPerFire: CallsPerFire;
    /** SHARDS: 2 to 100. */
    shards?: number;
    /** SHARDS: each shard's parameters, one per line; empty for none. */
    shardParams?: string;
    /** SHARDS or BROADCAST: the limit on the whole fire; empty: each shard's own only. */
    shardsTimeoutSeconds?: number | null;
    /** SHELL only: the environment as stored; the form has no editor for it, it is sent back unchanged. */
    env?: Record<string, string>;
  };
  timeoutSeconds: number;
  retry: RetryValues;
  misfirePolicy: MisfirePolicy;
  overlapPolicy: OverlapPolicy;
  assignment: { strategy: Strategy | 'DEFAULT'; labels: KeyValue[] };
  enabled: boolean;
  alerts: AlertValues;
  /** Empty: the platform default. */
  retention: { days?: number | null; maxCount?: number | null };
  /** Empty: the creator on create, the current owner on update. */
  owner?: string;
  contact?: string;
  labels: KeyValue[];
  /** The business calendar the fires follow, by name; empty: none. */
  calendarName?: string | null;
  calendarRule: CalendarRule;
  /** Names of the department's jobs this one waits for; with one at least, the schedule may be empty. */
  dependsOn: string[];
}

/** The retry policy as the form edits it: every field filled, the exponential ones kept while FIXED is chosen. */
export interface RetryValues {
  maxAttempts: number;
  backoff: BackoffStrategy;
  backoffSeconds: number;
  multiplier: number;
  maxBackoffSeconds: number;
  jitter: number;
}

/** The server's defaults (crony-common RetryPolicy). */
export const RETRY_DEFAULTS = { multiplier: 2, maxBackoffSeconds: 3600, exponentialJitter: 0.2 } as const;

/** A job's retry policy as the form edits it; one saved before the backoff strategy existed is FIXED. */
export function toRetryValues(retry: RetryPolicy | null | undefined): RetryValues {
  const backoff = retry?.backoff ?? 'FIXED';
  return {
    maxAttempts: retry?.maxAttempts ?? 1,
    backoff,
    backoffSeconds: retry?.backoffSeconds ?? 0,
    multiplier: retry?.multiplier ?? RETRY_DEFAULTS.multiplier,
    maxBackoffSeconds: retry?.maxBackoffSeconds ?? RETRY_DEFAULTS.maxBackoffSeconds,
    jitter: retry?.jitter ?? (backoff === 'EXPONENTIAL' ? RETRY_DEFAULTS.exponentialJitter : 0),
  };
}

/** What the API takes: multiplier and maximum only with EXPONENTIAL (the server refuses them with FIXED). */
export function toRetryPolicy(r: RetryValues): RetryPolicy {
  const policy: RetryPolicy = {
    maxAttempts: r.maxAttempts,
    backoff: r.backoff,
    backoffSeconds: r.backoffSeconds,
    jitter: r.jitter ?? 0,
  };
  return r.backoff === 'EXPONENTIAL'
    ? { ...policy, multiplier: r.multiplier, maxBackoffSeconds: r.maxBackoffSeconds }
    : policy;
}

/**
 * The retry fields after the strategy changed: jitter follows the new strategy's default
 * unless the user set one of their own, and an exponential backoff starts from at least 1 s.
 */
export function retryAfterStrategyChange(r: RetryValues): RetryValues {
  if (r.backoff === 'EXPONENTIAL') {
    return {
      ...r,
      jitter: r.jitter === 0 ? RETRY_DEFAULTS.exponentialJitter : r.jitter,
      backoffSeconds: Math.max(1, r.backoffSeconds ?? 1),
    };
  }
  return { ...r, jitter: r.jitter === RETRY_DEFAULTS.exponentialJitter ? 0 : r.jitter };
}

/** The job's alert rules as the form edits them: the failure rate as a percentage, with its own switch. */
export interface AlertValues {
  channelIds: number[];
  onFailure: boolean;
  onTimeout: boolean;
  onRecovery: boolean;
  failureRateOn: boolean;
  failureRatePercent: number;
  windowMinutes: number;
  minRuns: number;
}

const noAlerts = (): AlertValues => ({
  channelIds: [],
  onFailure: true,
  onTimeout: true,
  onRecovery: false,
  failureRateOn: false,
  failureRatePercent: 50,
  windowMinutes: 10,
  minRuns: 5,
});

/** A job's rules as the form edits them; a job without a failure rate shows the defaults for one. */
function toAlertValues(policy: AlertPolicy | null | undefined): AlertValues {
  if (!policy) return noAlerts();
  const rate = policy.failureRate;
  return {
    ...noAlerts(),
    channelIds: policy.channelIds ?? [],
    onFailure: policy.onFailure,
    onTimeout: policy.onTimeout,
    onRecovery: policy.onRecovery,
    failureRateOn: Boolean(rate),
    ...(rate && {
      failureRatePercent: Math.round(rate.threshold * 1000) / 10,
      windowMinutes: rate.windowMinutes,
      minRuns: rate.minRuns,
    }),
  };
}

function toAlertPolicy(a: AlertValues | undefined): AlertPolicy {
  const v = a ?? noAlerts();
  return {
    channelIds: v.channelIds ?? [],
    onFailure: v.onFailure,
    onTimeout: v.onTimeout,
    onRecovery: v.onRecovery,
    failureRate: v.failureRateOn
      ? { threshold: v.failureRatePercent / 100, windowMinutes: v.windowMinutes, minRuns: v.minRuns }
      : null,
  };
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const toRows = (map: Record<string, string> | null | undefined): KeyValue[] =>
  Object.entries(map ?? {}).map(([key, value]) => ({ key, value }));

const toMap = (rows: KeyValue[] | undefined): Record<string, string> =>
  Object.fromEntries((rows ?? []).filter((r) => r?.key).map((r) => [r.key.trim(), r.value ?? '']));

const blankToNull = (s: string | undefined) => (s && s.trim() ? s : null);

export function newJobValues(): JobFormValues {
  return {
    name: '',
    schedule: '*/5 * * * *',
    timeZone: browserTimeZone(),
    target: { type: 'HTTP', method: 'POST', url: '', headers: [], mode: 'SYNC', successCodes: [], instanceChoice: 'ROUND_ROBIN', callsPerFire: 'ONE' },
    timeoutSeconds: 30,
    retry: toRetryValues({ maxAttempts: 1, backoff: 'FIXED', backoffSeconds: 5 }),
    misfirePolicy: 'FIRE_NOW',
    overlapPolicy: 'SKIP',
    assignment: { strategy: 'DEFAULT', labels: [] },
    enabled: true,
    alerts: noAlerts(),
    retention: {},
    labels: [],
    calendarName: null,
    calendarRule: 'WORKING_DAYS_ONLY',
    dependsOn: [],
  };
}

/** An `lb://service/path` HTTP or `discovery:///service` gRPC target: its instance comes from the registry, chosen per call. */
export function isDiscovered(target: { type: TargetType; url?: string | null }): boolean {
  const url = target.url ?? '';
  return (target.type === 'HTTP' && url.startsWith('lb://')) || (target.type === 'GRPC' && url.startsWith('discovery:///'));
}

export const CALLS_PER_FIRE = ['ONE', 'SHARDS', 'BROADCAST'] as const;
export type CallsPerFire = (typeof CALLS_PER_FIRE)[number];

/** A discovered SYNC target: a fire may make several calls over the service's instances (ASYNC shards are not supported). */
export function shardable(target: { type: TargetType; url?: string | null; mode?: TargetMode }): boolean {
  return isDiscovered(target) && target.mode !== 'ASYNC';
}

/** How a stored target makes its calls per fire, as the form's choice. */
export function callsPerFire(target: Target): CallsPerFire {
  if (target.sharding?.broadcast) return 'BROADCAST';
  return target.sharding && target.sharding.shards >= 2 ? 'SHARDS' : 'ONE';
}

/** Parameters one per line; trailing empty lines do not count, empty text is none. */
export function shardParamsOf(text?: string): string[] {
  if (!text || text.trim() === '') return [];
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The request's sharding fields for the form's choice; none for one call or a target that cannot shard. */
function shardingRequest(
  t: JobFormValues['target'],
): Pick<Target, 'shards' | 'shardParams' | 'broadcast' | 'shardsTimeoutSeconds'> {
  if (!shardable(t)) return {};
  const limit = t.shardsTimeoutSeconds != null ? { shardsTimeoutSeconds: Number(t.shardsTimeoutSeconds) } : {};
  if (t.callsPerFire === 'BROADCAST') return { broadcast: true, ...limit };
  if (t.callsPerFire !== 'SHARDS' || t.shards == null) return {};
  const params = shardParamsOf(t.shardParams);
  return { shards: Number(t.shards), ...(params.length > 0 ? { shardParams: params } : {}), ...limit };
}

/** An ASYNC HTTP target: its accepted runs may be asked about at a status URL instead of reporting. */
export function asksStatus(target: { type: TargetType; mode?: TargetMode }): boolean {
  return (target.type === 'HTTP' || target.type === 'GRPC') && target.mode === 'ASYNC';
}

/** Whether a progress timeout applies: an ASYNC run that can move to another instance of its service. */
export function watchesProgress(target: { type: TargetType; url?: string | null; mode?: TargetMode }): boolean {
  return target.mode === 'ASYNC' && isDiscovered(target);
}

export function toFormValues(job: Job): JobFormValues {
  return {
    name: job.name,
    description: job.description ?? undefined,
    schedule: job.schedule,
    timeZone: job.timeZone,
    target: {
      type: job.target.type,
      method: job.target.method ?? undefined,
      url: job.target.url ?? undefined,
      headers: toRows(job.target.headers),
      body: job.target.body ?? undefined,
      mode: job.target.mode,
      command: job.target.command ?? undefined,
      successCodes: job.target.successCodes ?? [],
      instanceChoice: job.target.instanceChoice ?? 'ROUND_ROBIN',
      statusUrl: job.target.statusUrl ?? undefined,
      progressTimeoutSeconds: job.target.progressTimeoutSeconds ?? null,
      callsPerFire: callsPerFire(job.target),
      shards: job.target.sharding && !job.target.sharding.broadcast ? job.target.sharding.shards : undefined,
      shardParams: (job.target.sharding?.params ?? []).join('\n') || undefined,
      shardsTimeoutSeconds: job.target.sharding?.timeoutSeconds ?? null,
      env: job.target.env ?? undefined,
    },
    timeoutSeconds: job.timeoutSeconds,
    retry: toRetryValues(job.retry),
    misfirePolicy: job.misfirePolicy,
    overlapPolicy: job.overlapPolicy,
    assignment: { strategy: job.assignment?.strategy ?? 'DEFAULT', labels: toRows(job.assignment?.labels) },
    enabled: job.enabled,
    alerts: toAlertValues(job.alerts),
    retention: { days: job.retention?.days ?? null, maxCount: job.retention?.maxCount ?? null },
    owner: job.owner ?? undefined,
    contact: job.contact ?? undefined,
    labels: toRows(job.labels),
    calendarName: job.calendar?.name ?? null,
    calendarRule: job.calendar?.rule ?? 'WORKING_DAYS_ONLY',
    dependsOn: job.dependsOn ?? [],
  };
}

/**
 * The request for the form's values. A job with no calendar sends none; `clearCalendar`
 * (the job edited had one) sends null, which takes it off.
 */
export function toJobRequest(values: JobFormValues, version?: number, clearCalendar = false): JobRequest {
  const t = values.target;
  const calendarName = values.calendarName?.trim();
  const isShell = t.type === 'SHELL';
  return {
    name: values.name.trim(),
    description: blankToNull(values.description),
    schedule: (values.schedule ?? '').trim(),
    timeZone: values.timeZone,
    target: {
      type: t.type,
      method: isShell || t.type === 'GRPC' ? null : (t.method ?? 'POST'),
      url: isShell ? null : blankToNull(t.url),
      headers: isShell ? {} : toMap(t.headers),
      body: isShell ? null : blankToNull(t.body),
      mode: t.mode,
      command: isShell ? blankToNull(t.command) : null,
      successCodes: (t.successCodes ?? []).map(Number).filter((n) => Number.isFinite(n)),
      // round-robin is the default and is sent as no choice at all, like any address without one
      ...(isDiscovered(t) && t.instanceChoice && t.instanceChoice !== 'ROUND_ROBIN' ? { instanceChoice: t.instanceChoice } : {}),
      ...(asksStatus(t) && blankToNull(t.statusUrl) ? { statusUrl: t.statusUrl!.trim() } : {}),
      ...(watchesProgress(t) && t.progressTimeoutSeconds != null ? { progressTimeoutSeconds: t.progressTimeoutSeconds } : {}),
      ...shardingRequest(t),
      // kept through an edit: the API's only, the form does not show it
      ...(isShell && t.env && Object.keys(t.env).length > 0 ? { env: t.env } : {}),
    },
    timeoutSeconds: values.timeoutSeconds,
    retry: toRetryPolicy(values.retry),
    misfirePolicy: values.misfirePolicy,
    overlapPolicy: values.overlapPolicy,
    assignment: {
      strategy: values.assignment.strategy === 'DEFAULT' ? null : values.assignment.strategy,
      labels: toMap(values.assignment.labels),
    },
    enabled: values.enabled,
    alerts: toAlertPolicy(values.alerts),
    retention: { days: values.retention?.days ?? null, maxCount: values.retention?.maxCount ?? null },
    owner: blankToNull(values.owner)?.trim() ?? null,
    contact: blankToNull(values.contact)?.trim() ?? null,
    labels: toMap(values.labels),
    // always sent: the form edits the whole list, so an emptied one takes the upstreams off
    dependsOn: values.dependsOn ?? [],
    ...(calendarName
      ? { calendar: { name: calendarName, rule: values.calendarRule ?? 'WORKING_DAYS_ONLY' } }
      : clearCalendar
        ? { calendar: null }
        : {}),
    ...(version !== undefined ? { version } : {}),
  };
}

/**
 * The names a job may depend on: the jobs found, with the ones already chosen kept (a search
 * that no longer finds them must not drop them from the field), never the job itself; sorted.
 */
export function upstreamChoices(found: string[], chosen: string[] | undefined, self: string | undefined): string[] {
  const names = new Set([...found, ...(chosen ?? [])]);
  if (self) names.delete(self);
  return [...names].sort((a, b) => a.localeCompare(b));
}
