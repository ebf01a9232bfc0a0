import { download, http, type Page } from '../../api/http';
import type { BusinessCalendar, CalendarImportResult, CalendarRequest, ImportMode } from './types';

export const calendarsApi = {
  list: (page: number, size: number, signal?: AbortSignal) => http.get<Page<BusinessCalendar>>('/calendars', { page, size }, signal),
  get: (id: number) => http.get<BusinessCalendar>(`/calendars/${id}`),
  create: (calendar: CalendarRequest) => http.post<BusinessCalendar>('/calendars', calendar),
  update: (id: number, calendar: CalendarRequest) => http.put<BusinessCalendar>(`/calendars/${id}`, calendar),
  remove: (id: number) => http.delete<void>(`/calendars/${id}`),
  /** The calendar as an iCalendar file (all-day events), to save. */
  exportIcs: (id: number) => download(`/calendars/${id}/ics`),
  /** Reads an .ics file into the calendar, or with `dryRun` only says what would change. */
  importIcs: (id: number, ics: string, mode: ImportMode, dryRun: boolean) =>
    http.post<CalendarImportResult>(`/calendars/${id}/ics`, ics, { query: { dryRun, mode }, contentType: 'text/calendar' }),
};
