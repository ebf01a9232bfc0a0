export const EXECUTION_STATUSES = [
  'PENDING',
  'RUNNING',
  'SUCCEEDED',
  'FAILED',
  'TIMED_OUT',
  'CANCELLED',
  'SKIPPED',
  'MISSED',
] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export const TRIGGERS = ['CRON', 'MANUAL', 'RETRY', 'DEPENDENCY', 'MISFIRE', 'API'] as const;
export type Trigger = (typeof TRIGGERS)[number];

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
