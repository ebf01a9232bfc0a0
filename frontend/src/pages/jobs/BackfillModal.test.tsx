import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aJob } from '../../test/fixtures';
import { type ApiCall, mockApi, problem } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import type { Backfill } from '../workflows/types';
import JobDetailPage from './JobDetailPage';

const userEvent = userEventLib.setup({ delay: null });

const created: Backfill = {
  id: 12,
  jobId: 7,
  jobName: 'settle-orders',
  from: '2026-11-23T16:00:00Z',
  to: '2026-11-26T16:00:00Z',
  withDependents: true,
  parallelism: 2,
  params: null,
  status: 'RUNNING',
  nextAt: '2026-11-24T17:00:00Z',
  total: 3,
  createdBy: 'ada',
  createdAt: '2026-11-26T16:00:01Z',
  finishedAt: null,
  started: 0,
  succeeded: 0,
  failed: 0,
};

function backend(answer: () => { status?: number; body?: unknown }, job = aJob({ dependents: ['report'] })) {
  let list: Backfill[] = [];
  return mockApi((c) => {
    if (c.path === '/jobs/7') return { body: job };
    if (c.path === '/jobs/7/next-fires') return { body: [] };
    if (c.path === '/executions') return { body: { items: [], total: 0, page: 1, size: 10 } };
    if (c.path === '/alert-channels') return { body: { items: [], total: 0, page: 1, size: 200 } };
    if (c.path === '/backfills') return { body: list };
    if (c.path === '/jobs/7/backfills' && c.method === 'POST') {
      const reply = answer();
      if ((reply.status ?? 201) < 400) list = [reply.body as Backfill];
      return reply;
    }
    return undefined;
  });
}

const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/jobs/7/backfills');

/** Opens the dialog from the job page and picks "Last 3 days" in the range picker. */
async function openAndPickLast3Days() {
  await userEvent.click(await screen.findByRole('button', { name: /Backfill/ }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.mouseDown(within(dialog).getByPlaceholderText('From'));
  fireEvent.click(within(dialog).getByPlaceholderText('From'));
  await userEvent.click(await screen.findByText('Last 3 days'));
  await waitFor(() => expect(within(dialog).getByPlaceholderText('To')).not.toHaveValue(''));
  return dialog;
}

describe('BackfillModal', () => {
  it('sends the range picked as ISO instants, with dependents and parallelism, and lists the new backfill', async () => {
    const calls = backend(() => ({ status: 201, body: created }));
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id' });

    const before = Date.now();
    const dialog = await openAndPickLast3Days();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'With dependents' }));
    const parallelism = within(dialog).getByRole('spinbutton', { name: 'Parallelism' });
    await userEvent.clear(parallelism);
    await userEvent.type(parallelism, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start backfill' }));

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    const body = posts(calls)[0]!.body as { from: string; to: string; withDependents: boolean; parallelism: number };
    const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
    expect(body.from).toMatch(iso);
    expect(body.to).toMatch(iso);
    // the preset's end is "now" when picked, its start three days before
    expect(Date.parse(body.to)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.to)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(3 * 24 * 3600 * 1000);
    expect(body.withDependents).toBe(true);
    expect(body.parallelism).toBe(2);
    expect(await screen.findByText('Backfill started: 3 instants')).toBeInTheDocument();
    const card = screen.getByTestId('job-backfills');
    expect(await within(card).findByText('#12')).toBeInTheDocument();
  });

  it('shows a server error on "to" beside the range, and keeps the dialog open', async () => {
    const calls = backend(() => problem(400, 'Bad Request', 'invalid request', [{ field: 'to', message: 'is in the future: a backfill covers past instants only' }]));
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id' });

    const dialog = await openAndPickLast3Days();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start backfill' }));

    expect(await within(dialog).findByText('To: is in the future: a backfill covers past instants only')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('asks for a range before sending anything', async () => {
    const calls = backend(() => ({ status: 201, body: created }));
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id' });

    await userEvent.click(await screen.findByRole('button', { name: /Backfill/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start backfill' }));

    expect(await within(dialog).findByText('Pick the range to backfill')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('offers no backfill for a job without a schedule, nor to a viewer', async () => {
    backend(() => ({ status: 201, body: created }), aJob({ schedule: '', dependsOn: ['load'] }));
    const { unmount } = renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id' });
    await screen.findByRole('button', { name: /Run now/ });
    expect(screen.queryByRole('button', { name: /Backfill/ })).toBeNull();
    expect(screen.queryByTestId('job-backfills')).toBeNull();
    unmount();

    backend(() => ({ status: 201, body: created }));
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id', user: { username: 'vic', role: 'VIEWER' } });
    await screen.findByTestId('job-backfills');
    expect(screen.queryByRole('button', { name: /Backfill/ })).toBeNull();
  });
});
