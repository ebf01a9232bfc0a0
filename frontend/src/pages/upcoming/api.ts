import { http } from '../../api/http';
import type { BucketJobs, Upcoming } from './types';

export const upcomingApi = {
  /** One request: crony-web counts the fires and finds the peaks. */
  upcoming: (query: { from?: string; to?: string; bucketMinutes: number }, signal?: AbortSignal) =>
    http.get<Upcoming>('/jobs/upcoming', { ...query, peaks: 10 }, signal),
  /** The jobs behind one bucket. */
  jobsAt: (at: string, bucketMinutes: number, signal?: AbortSignal) =>
    http.get<BucketJobs>('/jobs/upcoming/jobs', { at, bucketMinutes, limit: 200 }, signal),
};
