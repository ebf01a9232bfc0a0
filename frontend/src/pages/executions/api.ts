import { http, type Page } from '../../api/http';
import type { RequestBody } from '../../api/types';
import type { ClearResult, Execution, ShardRerunResult, ExecutionFilter, ExecutionTree } from './types';

export const executionsApi = {
  list: (filter: ExecutionFilter, signal?: AbortSignal) =>
    http.get<Page<Execution>>('/executions', { ...filter }, signal),
  get: (id: Execution['id']) => http.get<Execution>(`/executions/${id}`),
  cancel: (id: Execution['id']) => http.post<void>(`/executions/${id}/cancel`),
  /** Runs an ended run again for the same logical instant, with its dependents or alone. */
  clear: (id: Execution['id'], withDependents: boolean) =>
    http.post<ClearResult>(`/executions/${id}/clear`, { withDependents } satisfies RequestBody<'ClearRequest'>),
  /** Runs only the failed shards of an ended sharded run again, for the same logical instant. */
  rerunFailedShards: (id: Execution['id']) => http.post<ShardRerunResult>(`/executions/${id}/rerun-failed-shards`),
  /** The whole workflow run the execution belongs to, from its root. */
  tree: (id: Execution['id']) => http.get<ExecutionTree>(`/executions/${id}/tree`),
};
