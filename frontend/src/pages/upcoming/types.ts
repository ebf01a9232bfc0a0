/** A job and how many times it fires in a bucket. */
export interface JobFires {
  id: number;
  name: string;
  schedule: string;
  timeZone: string;
  fires: number;
}

/** A bucket of the range; `jobCount` and `jobs` only on peaks. */
export interface UpcomingBucket {
  /** ISO-8601 instant, a whole minute. */
  start: string;
  fires: number;
  jobCount?: number;
  /** At most 10, most fires first. */
  jobs?: JobFires[];
}

/** GET /jobs/upcoming: fires of the department's enabled jobs per bucket of [from, to). */
export interface Upcoming {
  from: string;
  to: string;
  bucketMinutes: number;
  fires: number;
  /** Enabled jobs counted. */
  jobs: number;
  /** Only buckets with fires, by start. */
  buckets: UpcomingBucket[];
  /** The busiest buckets, most fires first. */
  peaks: UpcomingBucket[];
}

/** GET /jobs/upcoming/jobs: the jobs firing in [start, end). */
export interface BucketJobs {
  start: string;
  end: string;
  fires: number;
  jobCount: number;
  jobs: JobFires[];
}
