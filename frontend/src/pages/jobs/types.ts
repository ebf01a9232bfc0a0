import { allOf, type ApiEnum, type RequestBody } from '../../api/types';
import type { Reason } from '../../i18n/reasons';
import type { AlertPolicy } from '../alerts/types';
import type { JobCalendar } from '../calendars/types';
import type { ExecutionStatus } from '../executions/types';

export const TARGET_TYPES = allOf<TargetType>()(['HTTP', 'GRPC', 'SHELL']);
export type TargetType = ApiEnum<'TargetSpec', 'type'>;
export type TargetMode = ApiEnum<'TargetSpec', 'mode'>;
export const MISFIRE_POLICIES = allOf<MisfirePolicy>()(['FIRE_NOW', 'SKIP', 'CATCH_UP']);
export type MisfirePolicy = ApiEnum<'JobResponse', 'misfirePolicy'>;
export const OVERLAP_POLICIES = allOf<OverlapPolicy>()(['ALLOW', 'SKIP', 'QUEUE', 'REPLACE']);
export type OverlapPolicy = ApiEnum<'JobResponse', 'overlapPolicy'>;
export const STRATEGIES = allOf<Strategy>()(['WEIGHTED_ROUND_ROBIN', 'FEWEST_JOBS']);
export type Strategy = ApiEnum<'AssignmentSpec', 'strategy'>;
/** How an `lb://` or `discovery:///` target picks one instance of its service. */
export const INSTANCE_CHOICES = allOf<InstanceChoice>()(['ROUND_ROBIN', 'LEAST_ACTIVE', 'CONSISTENT_HASH']);
export type InstanceChoice = ApiEnum<'TargetSpec', 'instanceChoice'>;
export const BACKOFF_STRATEGIES = allOf<BackoffStrategy>()(['FIXED', 'EXPONENTIAL']);
export type BackoffStrategy = ApiEnum<'RetryPolicy', 'backoff'>;

/**
 * How often a failed attempt is tried again and the wait before each retry. FIXED waits
 * `backoffSeconds` every time; EXPONENTIAL waits `backoffSeconds * multiplier^(n-1)` before
 * retry n, at most `maxBackoffSeconds`. Each wait is drawn between (1 - jitter) times it
 * and itself. A job saved with only `maxAttempts` and `backoffSeconds` is FIXED.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included: 1 to 10. */
  maxAttempts: number;
  /** Absent means FIXED. */
  backoff?: BackoffStrategy | null;
  /** FIXED: every wait, 0 to 3600 s; EXPONENTIAL: the first wait, 1 to 3600 s. */
  backoffSeconds: number;
  /** EXPONENTIAL only: above 1, at most 10 (default 2). */
  multiplier?: number | null;
  /** EXPONENTIAL only: the longest wait, backoffSeconds to 86400 s (default 3600). */
  maxBackoffSeconds?: number | null;
  /** Share of each wait that is random, 0 to 1 (default 0.2 for EXPONENTIAL, 0 for FIXED). */
  jitter?: number | null;
}

export interface Target {
  type: TargetType;
  method?: string | null;
  url?: string | null;
  headers?: Record<string, string> | null;
  body?: string | null;
  mode: TargetMode;
  command?: string | null;
  successCodes?: number[] | null;
  /** `lb://` and `discovery:///` targets only; unset is round-robin. */
  instanceChoice?: InstanceChoice | null;
  /** ASYNC HTTP and GRPC targets only: where the agent asks how an accepted run is doing (GRPC: /handler). */
  statusUrl?: string | null;
  /**
   * ASYNC `lb://` and `discovery:///` targets only, 1 to the job's timeout: an accepted run
   * whose execution has not changed for this long is resumed once at another instance.
   */
  progressTimeoutSeconds?: number | null;
  // What POST /jobs and PUT /jobs/{id} take: `lb://` and `discovery:///` SYNC targets only
  /** Each fire makes this many calls (2 to 100), each told its index and the total. */
  shards?: number | null;
  /** With `shards` only: one item per shard. */
  shardParams?: string[] | null;
  /** Each fire calls every instance of the service; not with `shards`. */
  broadcast?: boolean | null;
  /** With `shards` or `broadcast` only, 1 to 86400: the limit on the whole fire, every shard's retries included. */
  shardsTimeoutSeconds?: number | null;
  /** How a job read back makes several calls per fire; absent: one call. */
  sharding?: Sharding | null;
  /** SHELL targets only: environment variables the command gets, each value a template as the command is. */
  env?: Record<string, string> | null;
}

/** A stored target's calls per fire: `shards` calls, or one per instance when `broadcast`. */
export interface Sharding {
  /** 0 when broadcasting. */
  shards: number;
  params?: string[] | null;
  broadcast: boolean;
  /** The limit on the whole fire in seconds; absent: each shard's own only. */
  timeoutSeconds?: number | null;
}

/** What POST /jobs and PUT /jobs/{id} take. */
export interface JobRequest {
  name: string;
  description?: string | null;
  schedule: string;
  timeZone: string;
  target: Target;
  timeoutSeconds: number;
  retry: RetryPolicy;
  misfirePolicy: MisfirePolicy;
  overlapPolicy: OverlapPolicy;
  assignment: { strategy: Strategy | null; labels: Record<string, string> };
  enabled: boolean;
  /** Optimistic lock: required on update, the server answers 409 when it is stale. */
  version?: number;
  /** When runs raise alerts and where they go; absent or no channel means none. */
  alerts?: AlertPolicy | null;
  /** How long the job's runs are kept; a null field takes the platform default. */
  retention?: Retention | null;
  /** The user answerable for the job; absent: the creator on create, the current owner on update. */
  owner?: string | null;
  /** An e-mail address for the job. */
  contact?: string | null;
  /** The job's own labels, for finding it (not the agent selector, `assignment.labels`). */
  labels?: Record<string, string> | null;
  /** The business calendar the fires follow, by name, and how; absent or null: none. */
  calendar?: JobCalendar | null;
  /**
   * Names of jobs of the same department this job waits for (at most 32). With at least one,
   * `schedule` may be empty: the job then runs when all its upstreams have succeeded.
   */
  dependsOn?: string[] | null;
}

/** Rows whose UTC day is older than `days`, and beyond the newest `maxCount` finished ones, are purged. */
export interface Retention {
  days?: number | null;
  maxCount?: number | null;
}

export interface Job extends JobRequest {
  id: number | string;
  version: number;
  createdAt: string;
  updatedAt: string;
  createdBy?: string | null;
  agentId: string | null;
  /** The latest run; a fire claimed ahead of its instant is not one yet. */
  lastExecution: {
    id: number | string;
    status: ExecutionStatus;
    scheduledAt?: string | null;
    finishedAt?: string | null;
  } | null;
  /** When the schedule fires next; null when the job is disabled or its schedule fires no more. */
  nextFireAt?: string | null;
  /** Whether a live agent holds the job; when none does, why (e.g. "no live agent matches dept=pay"). */
  placement?: JobPlacement | null;
  /** Names of the jobs that depend on this one (their `dependsOn` names it). */
  dependents?: string[] | null;
}

export interface JobPlacement {
  status: 'ASSIGNED' | 'UNASSIGNED' | 'DISABLED';
  /** Why an enabled job holds no agent, in English; `reasons` carries it as codes. */
  reason?: string | null;
  reasons?: Reason[];
}

export interface JobFilter {
  name?: string;
  enabled?: boolean;
  agentId?: string;
  status?: ExecutionStatus;
  /** `key=value` each; a job must carry every one. */
  label?: string[];
  owner?: string;
  targetType?: TargetType;
  /** Part of the target's URL or command. */
  target?: string;
  page: number;
  size: number;
}

export type ExportFormat = 'json' | 'yaml';

/** What an import did, or with a dry run would do, per job of the file. */
export interface ImportResult {
  dryRun: boolean;
  created: number;
  updated: number;
  unchanged: number;
  jobs: ImportItem[];
}

export interface ImportItem {
  index: number;
  name: string;
  action: 'CREATE' | 'UPDATE' | 'UNCHANGED';
  id: number | string | null;
  /** For an UPDATE: each changed field; a secret shows as ******. */
  changes: { field: string; before: unknown; after: unknown }[];
}

export interface RunResponse {
  executionId: number | string;
  /** The workflow run started when the job was run with its dependents; null otherwise. */
  workflowRunId?: number | string | null;
}

/** The state of an upstream in the current cycle of a job; NONE: it has not run in the cycle. */
export type UpstreamStatus = 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'RUNNING' | 'PENDING' | 'WAITING' | 'NONE';

export interface CycleUpstream {
  jobId: number | string;
  name: string;
  status: UpstreamStatus;
  executionId?: number | string | null;
  finishedAt?: string | null;
  /** Whether this upstream has succeeded in the current cycle. */
  counts: boolean;
}

/** `GET /jobs/{id}/cycle`: what a job with upstreams waits for now. */
export interface JobCycle {
  jobId: number | string;
  cycleStart?: string | null;
  waiting: boolean;
  /** Why it waits, in English, e.g. "waiting for reconcile (RUNNING)". */
  reason?: string | null;
  upstreams: CycleUpstream[];
  /** The same as a reason code (the upstreams' names), worded in the reader's language. */
  reasons?: Reason[] | null;
}

/** What `POST /jobs/actions` does to each job of a selection. */
export type JobActionName = ApiEnum<'JobActionRequest', 'action'>;

/** ids as the dashboard holds them (Job['id']: a page's route gives strings); crony-web reads "42" as 42. */
export type JobActionRequest = Omit<RequestBody<'JobActionRequest'>, 'ids'> & { ids: Job['id'][] };

/** One job's result: DONE, UNCHANGED (it was so already) or FAILED with the single route's problem. */
export interface JobActionResult {
  id: Job['id'];
  /** Absent when the job does not exist in this department. */
  name?: string;
  outcome: 'DONE' | 'UNCHANGED' | 'FAILED';
  status: number;
  detail?: string;
  executionId?: number | string;
}

export interface JobActionResponse {
  action: JobActionName;
  done: number;
  unchanged: number;
  failed: number;
  results: JobActionResult[];
}

/** Why a fire of a job following a calendar is not where its schedule puts it. */
export interface FireNote {
  /** MOVED: the fire at `at` stands in for the one at `from`; SKIPPED: the fire at `at` does not happen. */
  kind: 'MOVED' | 'SKIPPED';
  at: string;
  from?: string | null;
  /** In English; `reasons` carries the day's rule (and how the fire merged) as codes. */
  reason: string;
  reasons?: Reason[];
}

/** What next-fires answers: the fires, and the notes on fires the calendar moved or skipped. */
export interface FirePreview {
  fires: string[];
  notes: FireNote[];
}
