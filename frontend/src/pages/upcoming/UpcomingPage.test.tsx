import { screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import type { Grid } from './grid';
import type { BucketJobs, Upcoming } from './types';
import UpcomingPage from './UpcomingPage';

// ECharts draws on a canvas jsdom lacks; the stand-in shows the grid and picks a cell as a click would.
vi.mock('./UpcomingHeatmap', () => ({
  UpcomingHeatmap: ({ grid, onPick }: { grid: Grid; onPick: (start: string) => void }) => (
    <div data-testid="heatmap">
      {grid.rows.length} rows, {grid.cells.length} cells, max {grid.max}
      <button onClick={() => onPick(grid.cells[15]!.start)}>cell 15</button>
    </div>
  ),
}));

const userEvent = userEventLib.setup({ delay: null });
const MIDNIGHT = '2026-11-27T00:00:00Z';
const job = (id: number, name: string, schedule: string, fires: number) => ({ id, name, schedule, timeZone: 'UTC', fires });

const day = (from: string, to: string): Upcoming => ({
  from,
  to,
  bucketMinutes: 1,
  fires: 86_499,
  jobs: 5,
  // the range's first minutes, whatever the clock says: fixed instants leave the next 24 hours once the day passes
  buckets: [
    { start: from, fires: 64 },
    { start: dayjs(from).add(1, 'minute').toISOString(), fires: 60 },
  ],
  peaks: [
    { start: MIDNIGHT, fires: 64, jobCount: 5, jobs: [job(5, 'ping', '* * * * * ?', 60), job(1, 'settle', '0 0 * * *', 1)] },
    { start: '2026-11-27T00:15:00Z', fires: 61, jobCount: 2, jobs: [job(5, 'ping', '* * * * * ?', 60), job(4, 'sync', '*/15 * * * *', 1)] },
  ],
});

const midnightJobs: BucketJobs = {
  start: MIDNIGHT,
  end: '2026-11-27T00:01:00Z',
  fires: 64,
  jobCount: 5,
  jobs: [job(5, 'ping', '* * * * * ?', 60), job(1, 'settle', '0 0 * * *', 1), job(2, 'report', '0 0 * * *', 1)],
};

function serve() {
  return mockApi((c) => {
    if (c.path === '/jobs/upcoming') return { body: day(c.query.get('from')!, c.query.get('to')!) };
    if (c.path === '/jobs/upcoming/jobs') return { body: { ...midnightJobs, start: c.query.get('at') } };
    return undefined;
  });
}

describe('UpcomingPage', () => {
  it('asks for the next 24 hours in minute buckets and draws them with the peaks', async () => {
    const calls = serve();
    renderPage(<UpcomingPage />);

    expect(await screen.findByTestId('heatmap')).toHaveTextContent('max 64');
    const call = calls.find((c) => c.path === '/jobs/upcoming')!;
    expect(call.query.get('bucketMinutes')).toBe('1');
    expect(dayjs(call.query.get('to')).diff(dayjs(call.query.get('from')), 'hour')).toBe(24);
    expect(dayjs(call.query.get('from')).second()).toBe(0);
    expect(within(screen.getByText('Fires in range').closest('.ant-card') as HTMLElement).getByText('86,499')).toBeInTheDocument();
    expect(screen.getByText(/5 jobs: ping, settle/)).toBeInTheDocument();
  });

  it('lists the jobs behind a peak with links to them', async () => {
    const calls = serve();
    renderPage(<UpcomingPage />);

    await userEvent.click(await screen.findByRole('button', { name: /: 64 fires/ }));

    const settle = await screen.findByRole('link', { name: 'settle' });
    expect(settle).toHaveAttribute('href', '/jobs/1');
    expect(screen.getByRole('link', { name: 'ping' })).toHaveAttribute('href', '/jobs/5');
    expect(screen.getByText('The 3 firing most of 5 jobs.')).toBeInTheDocument();
    const drill = calls.find((c) => c.path === '/jobs/upcoming/jobs')!;
    expect(drill.query.get('at')).toBe(MIDNIGHT);
    expect(drill.query.get('bucketMinutes')).toBe('1');
  });

  it('lists the jobs behind a heat map cell', async () => {
    const calls = serve();
    renderPage(<UpcomingPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'cell 15' }));

    expect(await screen.findByRole('link', { name: 'report' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/jobs/upcoming/jobs')).toBe(true);
  });

  it('switches to a week in hour buckets', async () => {
    const calls = serve();
    renderPage(<UpcomingPage />);
    await screen.findByTestId('heatmap');

    await userEvent.click(screen.getByText('Next 7 days'));

    await screen.findByText('Fires per hour (rows: days, columns: hours)');
    const week = calls.filter((c) => c.path === '/jobs/upcoming').at(-1)!;
    expect(week.query.get('bucketMinutes')).toBe('60');
    expect(dayjs(week.query.get('to')).diff(dayjs(week.query.get('from')), 'day')).toBe(7);
    expect(dayjs(week.query.get('from')).minute()).toBe(0);
  });

  it('shows why the range could not be loaded', async () => {
    mockApi(() => ({ status: 400, body: { title: 'Bad Request', status: 400, detail: 'to: must be at most 7 days after from', errors: [{ field: 'to', message: 'must be at most 7 days after from' }] } }));
    renderPage(<UpcomingPage />);

    expect(await screen.findByText('Could not load')).toBeInTheDocument();
  });
});
