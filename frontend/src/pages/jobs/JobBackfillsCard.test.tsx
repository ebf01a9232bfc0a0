import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, mockApi, problem } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import type { Backfill } from '../workflows/types';
import { backfillsPollMs, JobBackfillsCard } from './JobBackfillsCard';

const userEvent = userEventLib.setup({ delay: null });

function aBackfill(overrides: Partial<Backfill> = {}): Backfill {
  return {
    id: 12,
    jobId: 7,
    jobName: 'settle-orders',
    from: '2026-11-23T16:00:00Z',
    to: '2026-11-26T16:00:00Z',
    withDependents: false,
    parallelism: 1,
    params: null,
    status: 'RUNNING',
    nextAt: '2026-11-25T17:00:00Z',
    total: 4,
    createdBy: 'ada',
    createdAt: '2026-11-26T16:00:01Z',
    finishedAt: null,
    started: 3,
    succeeded: 1,
    failed: 1,
    ...overrides,
  };
}

const row = (id: number) => screen.getByText(`#${id}`).closest('tr') as HTMLElement;
const actions = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST').map((c) => c.path);

describe('JobBackfillsCard', () => {
  it('lists the job backfills with their progress and the actions each state allows', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/backfills')
        return {
          body: [
            aBackfill({ id: 14, withDependents: true, parallelism: 4 }),
            aBackfill({ id: 13, status: 'PAUSED' }),
            aBackfill({ id: 12, status: 'SUCCEEDED', started: 4, succeeded: 4, failed: 0, nextAt: null }),
            aBackfill({ id: 11, status: 'CANCELLED' }),
          ],
        };
      return undefined;
    });
    renderPage(<JobBackfillsCard job={{ id: 7 }} />);

    await screen.findByText('#14');
    expect(calls[0]?.query.get('jobId')).toBe('7');

    const running = row(14);
    expect(within(running).getByText('RUNNING')).toBeInTheDocument();
    expect(within(running).getByText('2 of 4')).toBeInTheDocument();
    expect(within(running).getByText('3 started, 1 succeeded, 1 failed')).toBeInTheDocument();
    expect(within(running).getByText('With dependents')).toBeInTheDocument();
    expect(within(running).getByText('4 at once')).toBeInTheDocument();
    expect(within(running).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(within(running).queryByRole('button', { name: 'Resume' })).toBeNull();
    expect(within(running).getByRole('button', { name: 'Cancel backfill' })).toBeInTheDocument();

    const paused = row(13);
    expect(within(paused).getByText('PAUSED')).toBeInTheDocument();
    expect(within(paused).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(within(paused).queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(within(paused).getByRole('button', { name: 'Cancel backfill' })).toBeInTheDocument();

    const done = row(12);
    expect(within(done).getByText('SUCCEEDED')).toBeInTheDocument();
    expect(within(done).getByText('4 of 4')).toBeInTheDocument();
    expect(within(done).queryAllByRole('button')).toHaveLength(0);
    expect(within(row(11)).queryAllByRole('button')).toHaveLength(0);
    expect(within(done).getByText('ada')).toBeInTheDocument();
  });

  it('pauses a running backfill and shows it paused', async () => {
    let status: Backfill['status'] = 'RUNNING';
    const calls = mockApi((c) => {
      if (c.path === '/backfills') return { body: [aBackfill({ status })] };
      if (c.path === '/backfills/12/pause' && c.method === 'POST') {
        status = 'PAUSED';
        return { body: aBackfill({ status }) };
      }
      return undefined;
    });
    renderPage(<JobBackfillsCard job={{ id: 7 }} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Pause' }));

    await waitFor(() => expect(actions(calls)).toEqual(['/backfills/12/pause']));
    expect(await within(row(12)).findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(within(row(12)).getByText('PAUSED')).toBeInTheDocument();
  });

  it('cancels after a confirmation, and shows the server refusal of a change the state no longer allows', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/backfills') return { body: [aBackfill({ status: 'PAUSED' })] };
      if (c.path === '/backfills/12/cancel') return { body: aBackfill({ status: 'CANCELLED' }) };
      if (c.path === '/backfills/12/resume') return problem(409, 'Conflict', 'backfill 12 is CANCELLED, not PAUSED');
      return undefined;
    });
    renderPage(<JobBackfillsCard job={{ id: 7 }} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('backfill 12 is CANCELLED, not PAUSED')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel backfill' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Cancel backfill #12?')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel backfill' }));
    await waitFor(() => expect(actions(calls)).toEqual(['/backfills/12/resume', '/backfills/12/cancel']));
  });

  it('shows a viewer the progress without actions', async () => {
    const calls = mockApi((c) => (c.path === '/backfills' ? { body: [aBackfill()] } : undefined));
    renderPage(<JobBackfillsCard job={{ id: 7 }} />, { user: { username: 'vic', role: 'VIEWER' } });

    expect(await screen.findByText('2 of 4')).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(actions(calls)).toEqual([]);
  });

  it('looks again every 3 s while a backfill runs or is paused, not when all have ended', () => {
    expect(backfillsPollMs([aBackfill({ status: 'SUCCEEDED' }), aBackfill({ status: 'RUNNING' })])).toBe(3000);
    expect(backfillsPollMs([aBackfill({ status: 'PAUSED' })])).toBe(3000);
    expect(backfillsPollMs([aBackfill({ status: 'SUCCEEDED' }), aBackfill({ status: 'FAILED' }), aBackfill({ status: 'CANCELLED' })])).toBe(false);
    expect(backfillsPollMs(undefined)).toBe(false);
  });
});
