import { describe, expect, it } from 'vitest';
import { anExecution } from '../../test/fixtures';
import { bucketize, successRate } from './buckets';

const MINUTE = 60_000;

describe('overview buckets', () => {
  const end = Date.parse('2026-11-22T10:05:30Z');

  it('counts runs per status in the bucket of their scheduled time', () => {
    const runs = [
      anExecution({ scheduledAt: '2026-11-22T10:05:10Z', status: 'SUCCEEDED' }),
      anExecution({ scheduledAt: '2026-11-22T10:05:50Z', status: 'FAILED' }),
      anExecution({ scheduledAt: '2026-11-22T10:04:00Z', status: 'SUCCEEDED' }),
      anExecution({ scheduledAt: '2026-11-22T10:04:59Z', status: 'SUCCEEDED' }),
      anExecution({ scheduledAt: '2026-11-22T10:02:59Z', status: 'RUNNING' }),
    ];
    const buckets = bucketize(runs, end, MINUTE, 3);
    expect(buckets.map((b) => new Date(b.start).toISOString())).toEqual([
      '2026-11-22T10:03:00.000Z',
      '2026-11-22T10:04:00.000Z',
      '2026-11-22T10:05:00.000Z',
    ]);
    expect(buckets.map((b) => b.counts)).toEqual([{}, { SUCCEEDED: 2 }, { SUCCEEDED: 1, FAILED: 1 }]);
  });

  it('falls back to the start time for runs without a scheduled time', () => {
    const runs = [anExecution({ scheduledAt: null, startedAt: '2026-11-22T10:05:01Z', trigger: 'MANUAL' })];
    expect(bucketize(runs, end, MINUTE, 1)[0]?.counts).toEqual({ SUCCEEDED: 1 });
  });

  it('rates success over finished runs only', () => {
    expect(successRate({ SUCCEEDED: 3, FAILED: 1, SKIPPED: 10, CANCELLED: 2, RUNNING: 4 })).toBe(0.75);
    expect(successRate({ SUCCEEDED: 1, TIMED_OUT: 1 })).toBe(0.5);
    expect(successRate({ SKIPPED: 3 })).toBeNull();
  });
});
