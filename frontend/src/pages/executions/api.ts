import { http, type Page } from '../../api/http';
import type { Execution, ExecutionFilter, ExecutionTree } from './types';

export const executionsApi = {
  list: (filter: ExecutionFilter, signal?: AbortSignal) =>
    http.get<Page<Execution>>('/executions', { ...filter }, signal),
  get: (id: Execution['id']) => http.get<Execution>(`/executions/${id}`),
  cancel: (id: Execution['id']) => http.post<void>(`/executions/${id}/cancel`),
  /** The whole workflow run the execution belongs to, from its root. */
  tree: (id: Execution['id']) => http.get<ExecutionTree>(`/executions/${id}/tree`),
};
