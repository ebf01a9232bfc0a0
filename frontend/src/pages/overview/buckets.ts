import type { Execution, ExecutionStatus } from '../executions/types';
import type { Bucket } from './types';

/**
 * Counts executions per status in `count` consecutive buckets of `widthMs` ending at `end`
 * (the last bucket is the one containing `end`). Runs outside the window are ignored.
 */
export function bucketize(executions: Execution[], end: number, widthMs: number, count: number): Bucket[] {
  const lastStart = Math.floor(end / widthMs) * widthMs;
  const firstStart = lastStart - (count - 1) * widthMs;
  const buckets: Bucket[] = Array.from({ length: count }, (_, i) => ({ start: firstStart + i * widthMs, counts: {} }));
  for (const e of executions) {
    const at = Date.parse(e.scheduledAt ?? e.startedAt ?? '');
    if (Number.isNaN(at) || at < firstStart || at >= lastStart + widthMs) continue;
    const bucket = buckets[Math.floor((at - firstStart) / widthMs)];
    if (bucket) bucket.counts[e.status] = (bucket.counts[e.status] ?? 0) + 1;
  }
  return buckets;
}

/** Share of finished runs that succeeded; skipped and cancelled runs say nothing about health. */
export function successRate(totals: Partial<Record<ExecutionStatus, number>>): number | null {
  const ok = totals.SUCCEEDED ?? 0;
  const finished = ok + (totals.FAILED ?? 0) + (totals.TIMED_OUT ?? 0);
  return finished === 0 ? null : ok / finished;
}
