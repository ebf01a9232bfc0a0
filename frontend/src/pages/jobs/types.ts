import type { AlertPolicy } from '../alerts/types';
import type { ExecutionStatus } from '../executions/types';

export const TARGET_TYPES = ['HTTP', 'GRPC', 'SHELL'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];
export type TargetMode = 'SYNC' | 'ASYNC';
export const MISFIRE_POLICIES = ['FIRE_NOW', 'SKIP', 'CATCH_UP'] as const;
export type MisfirePolicy = (typeof MISFIRE_POLICIES)[number];
export const OVERLAP_POLICIES = ['ALLOW', 'SKIP', 'QUEUE', 'REPLACE'] as const;
export type OverlapPolicy = (typeof OVERLAP_POLICIES)[number];
export const STRATEGIES = ['WEIGHTED_ROUND_ROBIN', 'FEWEST_JOBS'] as const;
export type Strategy = (typeof STRATEGIES)[number];

export interface Target {
  type: TargetType;
  method?: string | null;
  url?: string | null;
  headers?: Record<string, string> | null;
  body?: string | null;
  mode: TargetMode;
  command?: string | null;
  successCodes?: number[] | null;
}

/** What POST /jobs and PUT /jobs/{id} take. */
export interface JobRequest {
  name: string;
  description?: string | null;
  schedule: string;
  timeZone: string;
  target: Target;
  timeoutSeconds: number;
  retry: { maxAttempts: number; backoffSeconds: number };
  misfirePolicy: MisfirePolicy;
  overlapPolicy: OverlapPolicy;
  assignment: { strategy: Strategy | null; labels: Record<string, string> };
  enabled: boolean;
  /** Optimistic lock: required on update, the server answers 409 when it is stale. */
  version?: number;
  /** When runs raise alerts and where they go; absent or no channel means none. */
  alerts?: AlertPolicy | null;
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
}

export interface JobFilter {
  name?: string;
  enabled?: boolean;
  agentId?: string;
  status?: ExecutionStatus;
  page: number;
  size: number;
}

export interface RunResponse {
  executionId: number | string;
}
