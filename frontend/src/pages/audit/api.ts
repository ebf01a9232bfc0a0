import { http, type Page } from '../../api/http';
import type { AuditEntry, AuditFilter } from './types';

export const auditApi = {
  list: (filter: AuditFilter, signal?: AbortSignal) => http.get<Page<AuditEntry>>('/audit', { ...filter }, signal),
  jobHistory: (jobId: string | number, page: number, size: number, signal?: AbortSignal) =>
    http.get<Page<AuditEntry>>(`/jobs/${jobId}/history`, { page, size }, signal),
};
