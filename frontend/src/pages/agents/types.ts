import type { ApiEnum, RequestBody } from '../../api/types';
export type AgentStatus = ApiEnum<'AgentResponse', 'status'>;

export interface Agent {
  id: string;
  host: string;
  port: number;
  weight: number;
  labels: Record<string, string> | null;
  version: string | null;
  startedAt: string | null;
  status: AgentStatus;
  jobsHeld: number;
  /** The agent's last lease renewal (a keepalive); stops advancing when it freezes or dies. */
  lastSeenAt?: string | null;
}

export type AgentPatch = RequestBody<'AgentPatchRequest'>;

export interface Cluster {
  leaderId: string | null;
  agentsAlive: number;
  jobsAssigned: number;
  jobsUnassigned: number;
}
