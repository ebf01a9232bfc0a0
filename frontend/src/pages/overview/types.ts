import type { Execution, ExecutionStatus } from '../executions/types';

/** Runs that started (were scheduled) within one time bucket, counted per status. */
export interface Bucket {
  /** Bucket start, epoch milliseconds. */
  start: number;
  counts: Partial<Record<ExecutionStatus, number>>;
}

/**
 * What the overview shows. Built today from /executions, /agents and /cluster; the day
 * GET /dashboard/summary lands, overviewApi.summary() maps that answer to this instead.
 */
export interface OverviewSummary {
  generatedAt: number;
  /** Totals per status over the last 24 hours. */
  totals24h: Partial<Record<ExecutionStatus, number>>;
  /** Succeeded / finished (succeeded, failed, timed out) over 24 h; null when nothing finished. */
  successRate: number | null;
  runningNow: number;
  perMinute: Bucket[];
  perHour: Bucket[];
  /** Runs the charts were drawn from, against how many there were (the list is paged). */
  sampled: { used: number; total: number };
  recentFailures: Execution[];
  /** null when the server does not answer the agents or cluster views. */
  agentsAlive: number | null;
  agentsTotal: number | null;
  jobsAssigned: number | null;
  jobsUnassigned: number | null;
}
