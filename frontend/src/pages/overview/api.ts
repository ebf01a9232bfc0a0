import { http } from '../../api/http';
import type { OverviewSummary } from './types';

export const overviewApi = {
  /** One request: crony-web counts, buckets and ranks on its side. */
  summary: (signal?: AbortSignal) => http.get<OverviewSummary>('/dashboard/summary', undefined, signal),
};

export const OVERVIEW_POLL_MS = 5000;
