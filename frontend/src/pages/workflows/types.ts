import type { ApiEnum, RequestBody } from '../../api/types';
import type { ExecutionStatus } from '../executions/types';
import type { Reason } from '../../i18n/reasons';

/** A job of the department that has an upstream or a dependent, with its latest run. */
export interface WorkflowNode {
  jobId: number | string;
  name: string;
  /** Empty: the job has no cron and runs when its upstreams have succeeded. */
  schedule: string;
  enabled: boolean;
  /** The latest execution's status; null: never ran. */
  status?: ExecutionStatus | null;
  executionId?: number | string | null;
}

/** `from` is the upstream: `to` depends on it. */
export interface WorkflowEdge {
  from: number | string;
  to: number | string;
}

/** `GET /workflows`: the department's dependency graph. */
export interface WorkflowGraph {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

export type WorkflowRunStatus = ApiEnum<'WorkflowRun', 'status'>;

/** `GET /workflows/runs`: one workflow run, from the run it started with. */
export interface WorkflowRun {
  rootId: number | string;
  rootJobId: number | string;
  rootJobName: string;
  startedAt?: string | null;
  finishedAt?: string | null;
  status: WorkflowRunStatus;
  /** Runs in the workflow run so far, and how many of them succeeded or failed. */
  runs: number;
  succeeded: number;
  failed: number;
  /** Why it failed (one started by hand with dependents or by a backfill), in English. */
  error?: string | null;
  /** The same as a reason code, worded in the reader's language. */
  reason?: Reason | null;
}

export type BackfillStatus = ApiEnum<'Backfill', 'status'>;

/** `POST /jobs/{id}/backfills`: a run for every instant of the job's schedule in [from, to]. */
export type BackfillRequest = RequestBody<'BackfillRequest'>;

/** A backfill and how far it got (`GET /backfills`, `GET /backfills/{id}`). */
export interface Backfill {
  id: number | string;
  jobId: number | string;
  jobName: string;
  from: string;
  to: string;
  withDependents: boolean;
  parallelism: number;
  params?: string | null;
  status: BackfillStatus;
  /** The next instant to start; null once every instant started. */
  nextAt?: string | null;
  /** The instants it covers. */
  total: number;
  createdBy?: string | null;
  createdAt: string;
  finishedAt?: string | null;
  /** Instants started so far, and those whose workflow run succeeded or failed. */
  started: number;
  succeeded: number;
  failed: number;
}
