import { useQuery } from '@tanstack/react-query';
import { calendarsApi } from './api';

/** The server's largest page: every calendar of the department in one request (there are a few). */
const ALL = 200;

/** The department's calendars, one cached query shared by the Calendars page and the job form. */
export function useCalendars({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['calendars'],
    queryFn: ({ signal }) => calendarsApi.list(1, ALL, signal),
    enabled,
  });
}
