import type { Execution, ExecutionStatus } from '../executions/types';

/** Runs that were scheduled within one time bucket (UTC), counted per status. */
export interface Bucket {
  /** Bucket start, ISO-8601. */
  start: string;
  /** Statuses without runs are left out. */
  counts: Partial<Record<ExecutionStatus, number>>;
}

/** How late cron fires of the last hour started (started at − scheduled at), nearest rank. */
export interface Lateness {
  p50Ms?: number | null;
  p95Ms?: number | null;
  p99Ms?: number | null;
  samples: number;
  /** More fires than the server reads: the percentiles are of the latest `samples`. */
  capped: boolean;
}

/** A failed or timed-out run, as the overview lists it. */
export type RecentFailure = Pick<Execution, 'id' | 'jobId' | 'jobName' | 'agentId' | 'status' | 'scheduledAt' | 'finishedAt' | 'error'>;

/** GET /dashboard/summary: everything the overview shows, computed by crony-web. */
export interface OverviewSummary {
  generatedAt: string;
  /** The last 60 minutes, oldest first; the current minute last. */
  perMinute: Bucket[];
  /** The last 24 hours. */
  perHour: Bucket[];
  /** The last 30 UTC days. */
  perDay: Bucket[];
  /** Totals per status over `perHour`. */
  last24h: Partial<Record<ExecutionStatus, number>>;
  /** Succeeded / (succeeded + failed + timed out) over 24 h; absent when nothing finished. */
  successRate?: number | null;
  runningNow: number;
  agentsAlive: number;
  lateness: Lateness;
  recentFailures: RecentFailure[];
}
