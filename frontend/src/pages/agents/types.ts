export type AgentStatus = 'ONLINE' | 'OFFLINE' | 'DRAINED';

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
}

export interface AgentPatch {
  weight?: number;
  drained?: boolean;
}

export interface Cluster {
  leaderId: string | null;
  agentsAlive: number;
  jobsAssigned: number;
  jobsUnassigned: number;
}
