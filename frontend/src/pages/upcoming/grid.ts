import dayjs from 'dayjs';
import type { Upcoming } from './types';

/** How a range is laid out: a row per hour of minutes, or a row per day of hours. */
export interface Layout {
  bucketMinutes: number;
  /** How long the range is, in hours. */
  hours: number;
  row: 'hour' | 'day';
  /** Columns per row: 60 minutes, or 24 hours. */
  columns: number;
}

export const LAYOUTS = {
  day: { bucketMinutes: 1, hours: 24, row: 'hour', columns: 60 },
  week: { bucketMinutes: 60, hours: 24 * 7, row: 'day', columns: 24 },
} satisfies Record<string, Layout>;

/** One heat map cell: column, row, fires, and the bucket's start. */
export interface Cell {
  column: number;
  row: number;
  fires: number;
  start: string;
}

export interface Grid {
  rows: string[];
  columns: string[];
  cells: Cell[];
  max: number;
}

/**
 * The heat map of a range, on the browser's clock: rows start at whole local hours (or
 * days), so a range starting mid-hour has a first and last row in part; every bucket of
 * the range is a cell, those without fires at 0.
 */
export function buildGrid(upcoming: Upcoming, layout: Layout): Grid {
  const fires = new Map(upcoming.buckets.map((b) => [dayjs(b.start).valueOf(), b.fires]));
  const from = dayjs(upcoming.from);
  const to = dayjs(upcoming.to);
  const step = layout.bucketMinutes * 60_000;
  const rowIndex = new Map<string, number>();
  const rows: string[] = [];
  const cells: Cell[] = [];
  let max = 0;
  for (let t = from.valueOf(); t < to.valueOf(); t += step) {
    const at = dayjs(t);
    const rowStart = at.startOf(layout.row);
    const key = rowStart.format();
    let row = rowIndex.get(key);
    if (row === undefined) {
      row = rows.length;
      rowIndex.set(key, row);
      rows.push(rowStart.format(layout.row === 'hour' ? 'ddd HH:00' : 'ddd MM-DD'));
    }
    const count = fires.get(t) ?? 0;
    max = Math.max(max, count);
    cells.push({ column: layout.row === 'hour' ? at.minute() : at.hour(), row, fires: count, start: at.toISOString() });
  }
  const columns = Array.from({ length: layout.columns }, (_, i) => (layout.row === 'hour' ? `:${String(i).padStart(2, '0')}` : `${String(i).padStart(2, '0')}h`));
  return { rows, columns, cells, max };
}
