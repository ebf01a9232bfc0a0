import { http } from '../../api/http';
import type { Agent, AgentPatch, Cluster } from './types';

export const agentsApi = {
  list: (signal?: AbortSignal) => http.get<Agent[]>('/agents', undefined, signal),
  patch: (id: string, patch: AgentPatch) => http.patch<Agent>(`/agents/${encodeURIComponent(id)}`, patch),
  drain: (id: string) => http.post<void>(`/agents/${encodeURIComponent(id)}/drain`),
  undrain: (id: string) => http.post<void>(`/agents/${encodeURIComponent(id)}/undrain`),
  cluster: (signal?: AbortSignal) => http.get<Cluster>('/cluster', undefined, signal),
  rebalance: () => http.post<unknown>('/cluster/rebalance'),
};

/** Agents and the cluster view refresh this often (ms), so the page stays live. */
export const AGENTS_POLL_MS = 3000;
