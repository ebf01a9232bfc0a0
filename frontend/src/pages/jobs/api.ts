import { download, http, type Page } from '../../api/http';
import type { RequestBody } from '../../api/types';
import type { JobCalendar } from '../calendars/types';
import type {
  ExportFormat,
  FireNote,
  FirePreview,
  ImportResult,
  Job,
  JobActionRequest,
  JobActionResponse,
  JobCycle,
  JobFilter,
  JobRequest,
  RunResponse,
} from './types';

/** The content type a job file is sent as, by its name: YAML for .yaml/.yml, else JSON. */
export function jobFileType(fileName: string): string {
  return /\.ya?ml$/i.test(fileName) ? 'application/yaml' : 'application/json';
}

/** The list's filters without paging, for an export of every job they match. */
function filtersOnly({ page: _page, size: _size, ...filters }: JobFilter) {
  return filters;
}

/** The server may answer next-fires as a bare list or wrapped; both become a list of ISO instants. */
export function readFires(body: unknown): string[] {
  if (Array.isArray(body)) return body.map(String);
  if (body && typeof body === 'object') {
    for (const key of ['fires', 'nextFires', 'items', 'times']) {
      const value = (body as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value.map(String);
    }
  }
  return [];
}

/** The notes of a next-fires answer (none from a server without calendars, or for a bare list). */
export function readNotes(body: unknown): FireNote[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const notes = (body as { notes?: unknown }).notes;
  return Array.isArray(notes) ? (notes as FireNote[]) : [];
}

const readPreview = (body: unknown): FirePreview => ({ fires: readFires(body), notes: readNotes(body) });

export const jobsApi = {
  list: (filter: JobFilter, signal?: AbortSignal) => http.get<Page<Job>>('/jobs', { ...filter }, signal),
  get: (id: Job['id']) => http.get<Job>(`/jobs/${id}`),
  create: (job: JobRequest) => http.post<Job>('/jobs', job satisfies RequestBody<'JobRequest'>),
  update: (id: Job['id'], job: JobRequest) => http.put<Job>(`/jobs/${id}`, job satisfies RequestBody<'JobRequest'>),
  /** `cutEdges`: also a job others depend on, taken out of their `dependsOn` (else such a delete is 409). */
  remove: (id: Job['id'], cutEdges = false) => http.delete(cutEdges ? `/jobs/${id}?cutEdges=true` : `/jobs/${id}`),
  enable: (id: Job['id']) => http.post<Job | undefined>(`/jobs/${id}/enable`),
  disable: (id: Job['id']) => http.post<Job | undefined>(`/jobs/${id}/disable`),
  /** `withDependents`: when the run succeeds its dependents run too, transitively (a workflow run). */
  run: (id: Job['id'], params?: string, withDependents = false) => {
    const body: RequestBody<'RunRequest'> = {};
    if (params) body.params = params;
    if (withDependents) body.withDependents = withDependents;
    return http.post<RunResponse>(`/jobs/${id}/run`, body);
  },
  /** The current cycle of a job with upstreams: each upstream and whether it counts yet. */
  cycle: (id: Job['id']) => http.get<JobCycle>(`/jobs/${id}/cycle`),
  nextFiresOf: async (id: Job['id'], count = 5) =>
    readPreview(await http.get<unknown>(`/jobs/${id}/next-fires`, { count })),
  clone: (id: Job['id'], name: string) => http.post<Job>(`/jobs/${id}/clone`, { name } satisfies RequestBody<'JobCloneRequest'>),
  /** Every job the filters match (or only `ids`), as a file to save. */
  exportFile: (filter: JobFilter, format: ExportFormat, ids?: string[]) =>
    download('/jobs/export', { ...filtersOnly(filter), format, id: ids }),
  /** Applies a job file, or with `dryRun` only says what it would do. */
  importFile: (text: string, fileName: string, dryRun: boolean) =>
    http.post<ImportResult>('/jobs/import', text, { query: { dryRun }, contentType: jobFileType(fileName) }),
  /** One action on many jobs, each on its own: a result per job. */
  act: (request: JobActionRequest) => http.post<JobActionResponse>('/jobs/actions', request),
  /** Checks a schedule before saving; a bad one answers 400 with errors[field=schedule]. */
  previewFires: async (schedule: string, timeZone: string, count = 5, signal?: AbortSignal, calendar?: JobCalendar | null) =>
    readPreview(
      await http.get<unknown>(
        '/jobs/next-fires',
        { schedule, timeZone, count, calendar: calendar?.name, calendarRule: calendar?.name ? calendar.rule : undefined },
        signal,
      ),
    ),
};
