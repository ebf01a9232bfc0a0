import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { buildGrid, LAYOUTS } from './grid';
import type { Upcoming } from './types';

const upcoming = (from: string, hours: number, bucketMinutes: number, buckets: Upcoming['buckets']): Upcoming => ({
  from,
  to: dayjs(from).add(hours, 'hour').toISOString(),
  bucketMinutes,
  fires: buckets.reduce((sum, b) => sum + b.fires, 0),
  jobs: 3,
  buckets,
  peaks: [],
});

describe('buildGrid', () => {
  it('lays a day out as an hour per row and a minute per column, quiet minutes at 0', () => {
    const midnight = dayjs('2026-11-27T00:00');
    const grid = buildGrid(
      upcoming(midnight.toISOString(), 24, 1, [
        { start: midnight.toISOString(), fires: 64 },
        { start: midnight.add(75, 'minute').toISOString(), fires: 2 },
      ]),
      LAYOUTS.day,
    );

    expect(grid.rows).toHaveLength(24);
    expect(grid.rows[0]).toBe('Fri 00:00');
    expect(grid.columns).toHaveLength(60);
    expect(grid.columns[15]).toBe(':15');
    expect(grid.cells).toHaveLength(1440);
    expect(grid.max).toBe(64);
    expect(grid.cells[0]).toEqual({ column: 0, row: 0, fires: 64, start: midnight.toISOString() });
    expect(grid.cells[75]).toMatchObject({ column: 15, row: 1, fires: 2 });
    expect(grid.cells[1]!.fires).toBe(0);
  });

  it('starts mid-hour with part of a row and ends with the rest of it', () => {
    const from = dayjs('2026-11-27T09:37');
    const grid = buildGrid(upcoming(from.toISOString(), 24, 1, []), LAYOUTS.day);

    expect(grid.rows).toHaveLength(25);
    expect(grid.cells[0]).toMatchObject({ column: 37, row: 0, fires: 0 });
    expect(grid.cells.at(-1)).toMatchObject({ column: 36, row: 24 });
    expect(grid.max).toBe(0);
  });

  it('lays a week out as a day per row and an hour per column', () => {
    const from = dayjs('2026-11-27T00:00');
    const grid = buildGrid(upcoming(from.toISOString(), 24 * 7, 60, [{ start: from.add(25, 'hour').toISOString(), fires: 3604 }]), LAYOUTS.week);

    expect(grid.rows).toEqual(['Fri 11-27', 'Sat 11-28', 'Sun 11-29', 'Mon 11-30', 'Tue 12-01', 'Wed 12-02', 'Thu 12-03']);
    expect(grid.columns[9]).toBe('09h');
    expect(grid.cells).toHaveLength(168);
    expect(grid.cells[25]).toMatchObject({ column: 1, row: 1, fires: 3604 });
  });
});
