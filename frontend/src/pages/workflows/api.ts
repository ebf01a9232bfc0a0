import { http } from '../../api/http';
import type { WorkflowGraph, WorkflowRun } from './types';

export const workflowsApi = {
  graph: (signal?: AbortSignal) => http.get<WorkflowGraph>('/workflows', undefined, signal),
  /** Newest first. */
  runs: (limit = 20, signal?: AbortSignal) => http.get<WorkflowRun[]>('/workflows/runs', { limit }, signal),
};
