import { agentsApi } from '../agents/api';
import { executionsApi } from '../executions/api';
import { EXECUTION_STATUSES, type Execution } from '../executions/types';
import { bucketize, successRate } from './buckets';
import type { OverviewSummary } from './types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The server's largest page, and how many pages of the last day's runs the charts read. */
const PAGE_SIZE = 200;
const SAMPLE_PAGES = 5;

/** The latest runs since `from`, up to SAMPLE_PAGES pages, with the total there is. */
async function sampleSince(from: string): Promise<{ items: Execution[]; total: number }> {
  const first = await executionsApi.list({ from, page: 1, size: PAGE_SIZE });
  const pages = Math.min(SAMPLE_PAGES, Math.ceil(first.total / PAGE_SIZE));
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) => executionsApi.list({ from, page: i + 2, size: PAGE_SIZE })),
  );
  return { items: [first, ...rest].flatMap((p) => p.items), total: first.total };
}

/**
 * The overview's data in one call. GET /dashboard/summary is not served yet, so this
 * assembles it from the executions list (one count query per status, up to five pages
 * for the charts), the agents list and the cluster view. Switching to the summary endpoint is
 * a change of this function only.
 */
async function summary(now = Date.now()): Promise<OverviewSummary> {
  const from = new Date(now - 24 * HOUR).toISOString();
  const count = (status: (typeof EXECUTION_STATUSES)[number]) =>
    executionsApi.list({ status, from, page: 1, size: 1 }).then((p) => [status, p.total] as const);

  const [totals, sample, failed, timedOut, agents, cluster] = await Promise.all([
    Promise.all(EXECUTION_STATUSES.map(count)),
    sampleSince(from),
    executionsApi.list({ status: 'FAILED', page: 1, size: 5 }),
    executionsApi.list({ status: 'TIMED_OUT', page: 1, size: 5 }),
    // agents and cluster views may be missing on an older server: the rest still shows
    agentsApi.list().catch(() => null),
    agentsApi.cluster().catch(() => null),
  ]);
  const totals24h = Object.fromEntries(totals);
  const byRecent = (a: Execution, b: Execution) =>
    Date.parse(b.scheduledAt ?? b.startedAt ?? '') - Date.parse(a.scheduledAt ?? a.startedAt ?? '');

  return {
    generatedAt: now,
    totals24h,
    successRate: successRate(totals24h),
    runningNow: totals24h.RUNNING ?? 0,
    perMinute: bucketize(sample.items, now, MINUTE, 60),
    perHour: bucketize(sample.items, now, HOUR, 24),
    sampled: { used: sample.items.length, total: sample.total },
    recentFailures: [...failed.items, ...timedOut.items].sort(byRecent).slice(0, 5),
    agentsAlive: cluster?.agentsAlive ?? agents?.filter((a) => a.status === 'ONLINE').length ?? null,
    agentsTotal: agents?.length ?? null,
    jobsAssigned: cluster?.jobsAssigned ?? null,
    jobsUnassigned: cluster?.jobsUnassigned ?? null,
  };
}

export const overviewApi = { summary };

export const OVERVIEW_POLL_MS = 5000;
