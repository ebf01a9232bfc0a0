import { http } from '../../api/http';
import type { Backfill, BackfillRequest, WorkflowGraph, WorkflowRun } from './types';

export const workflowsApi = {
  graph: (signal?: AbortSignal) => http.get<WorkflowGraph>('/workflows', undefined, signal),
  /** Newest first. */
  runs: (limit = 20, signal?: AbortSignal) => http.get<WorkflowRun[]>('/workflows/runs', { limit }, signal),
};

export const backfillsApi = {
  /** 201 with the new backfill; a bad range is a 400 naming `from` or `to`, a job without a schedule one naming `jobId`. */
  create: (jobId: number | string, request: BackfillRequest) => http.post<Backfill>(`/jobs/${jobId}/backfills`, request),
  /** A job's backfills, newest first. */
  list: (jobId: number | string, limit = 20, signal?: AbortSignal) => http.get<Backfill[]>('/backfills', { jobId, limit }, signal),
  /** Each answers the backfill as it is now; a state that does not allow it is a 409. */
  pause: (id: Backfill['id']) => http.post<Backfill>(`/backfills/${id}/pause`),
  resume: (id: Backfill['id']) => http.post<Backfill>(`/backfills/${id}/resume`),
  cancel: (id: Backfill['id']) => http.post<Backfill>(`/backfills/${id}/cancel`),
};
