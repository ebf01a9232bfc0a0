import { allOf, type ApiEnum } from '../../api/types';
import type { Reason } from '../../i18n/reasons';
export const EXECUTION_STATUSES = allOf<ExecutionStatus>()([
  'PENDING',
  'RUNNING',
  'SUCCEEDED',
  'FAILED',
  'TIMED_OUT',
  'CANCELLED',
  'SKIPPED',
  'MISSED',
  'WAITING',
]);
export type ExecutionStatus = ApiEnum<'ExecutionResponse', 'status'>;

export const TRIGGERS = allOf<Trigger>()(['CRON', 'MANUAL', 'RETRY', 'DEPENDENCY', 'MISFIRE', 'API', 'BACKFILL']);
export type Trigger = ApiEnum<'ExecutionResponse', 'trigger'>;

/** crony-web leaves null fields out of its JSON, hence the optional fields. */
export interface Execution {
  id: number | string;
  jobId: number | string;
  jobName: string;
  agentId?: string | null;
  trigger: Trigger;
  status: ExecutionStatus;
  scheduledAt?: string | null;
  startedAt?: string | null;
  finishedAt?: string | null;
  attempt: number;
  params?: string | null;
  /** 0–100 for async runs that report progress. */
  progress?: number | null;
  output?: string | null;
  error?: string | null;
  /** The error as a code with its values when the platform wrote it; null for a target's own answer. */
  reason?: Reason | null;
  /** The upstream execution whose success released this run (a workflow run's dependent). */
  releasedBy?: number | string | null;
  /** The first run of the workflow run this execution belongs to; null: not part of one. */
  rootId?: number | string | null;
  /** The run's OpenTelemetry trace id (32 hex digits), as its target received it in traceparent. */
  traceId?: string | null;
  // Only `GET /executions/{id}` sends these four; lists leave them out (a resume payload may be 64 KB).
  /** ASYNC: the target reports its result later; SYNC: a plain call; absent before the run starts. */
  mode?: 'SYNC' | 'ASYNC' | null;
  /** The last message the target reported with its progress or result. */
  message?: string | null;
  /** The state a retry resumes from, as the target last reported it. */
  resumePayload?: string | null;
  /** The run's attempts with the instance of each (ASYNC runs); detail only. */
  attempts?: Attempt[];
  /** The calls of a sharded or broadcast run, one per shard, by index; detail only, empty for one call. */
  shards?: Shard[];
  /** The row's earlier runs for the same logical instant, each kept when it was cleared; detail only. */
  clearedRuns?: ClearedRun[];
  /** What the run published for its downstream jobs' templates (a JSON object); detail only. */
  outputs?: Record<string, unknown> | null;
  /** The paired upstream runs' outputs this run's templates read, by upstream job name; detail only. */
  upstreamOutputs?: Record<string, unknown> | null;
}

/** An earlier run of an execution row, kept when an operator cleared it to run again. */
export interface ClearedRun {
  /** 1 for the row's first run, 2 for the run after the first clear. */
  run: number;
  trigger: string;
  status: ExecutionStatus;
  agentId?: string | null;
  attempt: number;
  startedAt?: string | null;
  finishedAt?: string | null;
  error?: string | null;
  /** The error as a reason code when the platform wrote it. */
  reason?: Reason | null;
  clearedAt: string;
  clearedBy?: string | null;
}

/** What a clear answers: the run cleared and the runs below it cleared with it. */
export interface ClearResult {
  executionId: number | string;
  scheduledAt: string;
  dependents: (number | string)[];
}

/** `POST /executions/{id}/rerun-failed-shards`: the run, PENDING again, and the shards it calls. */
export interface ShardRerunResult {
  executionId: number | string;
  scheduledAt: string;
  shards: number[];
}

/** One call of a sharded or broadcast run. */
export interface Shard {
  /** From 0. */
  index: number;
  total: number;
  /** host:port of the instance the shard's last attempt went to; absent before it is called. */
  instance?: string | null;
  /** A run's status (PENDING, RUNNING, SUCCEEDED, FAILED, TIMED_OUT, CANCELLED). */
  status: string;
  attempt: number;
  startedAt?: string | null;
  finishedAt?: string | null;
  output?: string | null;
  error?: string | null;
  /** The error as a reason code when the platform wrote it (cancelled with the run, the run's limit passed). */
  reason?: Reason | null;
}

/** One attempt of a run at its instance. */
export interface Attempt {
  attempt: number;
  /** host:port of the instance the call went to. */
  instance?: string | null;
  agentId?: string | null;
  startedAt: string;
  endedAt?: string | null;
  /** Absent while the attempt runs; MOVED when the run went on at another instance. */
  status?: Exclude<ExecutionStatus, 'PENDING' | 'RUNNING' | 'SKIPPED' | 'MISSED' | 'WAITING'> | 'MOVED' | null;
  /** Why it ended so: the error, or why the run moved. */
  note?: string | null;
  /** The note as a reason code when the platform wrote it (why the run moved, a deadline). */
  reason?: Reason | null;
}

/** `GET /executions/{id}/tree`: a workflow run from its root, each run with the runs it released. */
export interface ExecutionTree {
  id: number | string;
  jobId: number | string;
  jobName: string;
  status: ExecutionStatus;
  trigger: Trigger;
  scheduledAt?: string | null;
  startedAt?: string | null;
  finishedAt?: string | null;
  children: ExecutionTree[];
}

export interface ExecutionFilter {
  jobId?: string | number;
  agentId?: string;
  status?: ExecutionStatus;
  trigger?: Trigger;
  /** ISO-8601 instants. */
  from?: string;
  to?: string;
  page: number;
  size: number;
}

export const isActive = (status: ExecutionStatus) => status === 'PENDING' || status === 'RUNNING';
/** Not finished: active, or a WAITING fire that runs once its upstreams have succeeded (worth polling). */
export const isUnfinished = (status: ExecutionStatus) => isActive(status) || status === 'WAITING';
