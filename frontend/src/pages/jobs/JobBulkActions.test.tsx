import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aJob } from '../../test/fixtures';
import { mockApi, problem } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { confirmation, parseKeys, parseLabels } from './JobBulkActions';
import JobsPage from './JobsPage';

const userEvent = userEventLib.setup({ delay: null });

const JOBS = [aJob(), aJob({ id: 8, name: 'rebuild-index' }), aJob({ id: 9, name: 'purge-sessions' })];

function serveJobs(actions: (body: unknown) => ReturnType<Parameters<typeof mockApi>[0]>) {
  return mockApi((c) => {
    if (c.path === '/agents') return { body: [] };
    if (c.path === '/jobs') return { body: { items: JOBS, total: 3, page: 1, size: 20 } };
    if (c.path === '/jobs/actions') return actions(c.body);
    return undefined;
  });
}

async function tick(...names: string[]) {
  await screen.findByRole('link', { name: 'settle-orders' });
  for (const name of names) await userEvent.click(screen.getByRole('checkbox', { name: `select ${name}` }));
}

describe('JobBulkActions', () => {
  it('names how many jobs it asks about', () => {
    expect(confirmation('DELETE', 7).title).toBe('Delete 7 jobs?');
    expect(confirmation('DISABLE', 1).title).toBe('Disable 1 job?');
    expect(confirmation('RUN', 2).title).toBe('Run 2 jobs now?');
    expect(parseLabels('team=pay, env=')).toEqual({ team: 'pay', env: '' });
    expect(() => parseLabels('team')).toThrow("'team' is not key=value");
    expect(parseKeys('env, tier')).toEqual(['env', 'tier']);
  });

  it('disables the ticked jobs after asking, and shows each job’s outcome with the reason of a failure', async () => {
    const calls = serveJobs(() => ({
      body: {
        action: 'DISABLE',
        done: 1,
        unchanged: 0,
        failed: 1,
        results: [
          { id: 7, name: 'settle-orders', outcome: 'DONE', status: 200 },
          { id: 8, name: 'rebuild-index', outcome: 'FAILED', status: 409, detail: 'Job 8 was changed meanwhile' },
        ],
      },
    }));
    renderPage(<JobsPage />);
    await tick('settle-orders', 'rebuild-index');

    const bar = screen.getByRole('toolbar', { name: 'actions on the selected jobs' });
    expect(within(bar).getByText('2 jobs selected')).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable 2 jobs?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));

    const results = await screen.findByRole('dialog', { name: 'Disable: 1 done, 0 unchanged, 1 failed' });
    expect(within(results).getByText('Job 8 was changed meanwhile')).toBeInTheDocument();
    expect(within(results).getByText('FAILED')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/jobs/actions')?.body).toEqual({ action: 'DISABLE', ids: [7, 8] });
  });

  it('deletes after the confirmation and unticks the deleted jobs', async () => {
    const calls = serveJobs(() => ({
      body: {
        action: 'DELETE',
        done: 1,
        unchanged: 0,
        failed: 1,
        results: [
          { id: 8, name: 'rebuild-index', outcome: 'DONE', status: 204 },
          { id: 9, outcome: 'FAILED', status: 404, detail: 'Job 9 does not exist' },
        ],
      },
    }));
    renderPage(<JobsPage />);
    await tick('rebuild-index', 'purge-sessions');

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 jobs?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const results = await screen.findByRole('dialog', { name: 'Delete: 1 done, 0 unchanged, 1 failed' });
    expect(within(results).getByText('#9')).toBeInTheDocument();
    expect(within(results).getByText('Job 9 does not exist')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/jobs/actions')?.body).toEqual({ action: 'DELETE', ids: [8, 9] });
    await userEvent.click(within(results).getByText('Close'));
    expect(screen.getByText('1 job selected')).toBeInTheDocument();
  });

  it('still shows the result when every ticked job was deleted', async () => {
    serveJobs(() => ({
      body: { action: 'DELETE', done: 1, unchanged: 0, failed: 0, results: [{ id: 8, name: 'rebuild-index', outcome: 'DONE', status: 204 }] },
    }));
    renderPage(<JobsPage />);
    await tick('rebuild-index');

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1 job?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const results = await screen.findByRole('dialog', { name: 'Delete: 1 done, 0 unchanged, 0 failed' });
    expect(within(results).getByText('rebuild-index')).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'actions on the selected jobs' })).not.toBeInTheDocument();
  });

  it('adds labels, and shows the server’s problem beside the field', async () => {
    const calls = serveJobs(() =>
      problem(400, 'Bad Request', 'labels: bad', [{ field: 'labels', message: "label value 'a b' is not valid" }]),
    );
    renderPage(<JobsPage />);
    await tick('settle-orders');

    await userEvent.click(screen.getByRole('button', { name: /Labels/ }));
    await userEvent.click(await screen.findByText('Add labels'));
    const dialog = await screen.findByRole('dialog', { name: 'Add labels to 1 job?' });
    await userEvent.type(within(dialog).getByLabelText('Labels'), 'team=pay, env=prod');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add labels' }));

    await waitFor(() => expect(within(dialog).getByText("label value 'a b' is not valid")).toBeInTheDocument());
    expect(calls.find((c) => c.path === '/jobs/actions')?.body).toEqual({
      action: 'ADD_LABELS',
      ids: [7],
      labels: { team: 'pay', env: 'prod' },
    });
  });

  it('is not offered to a viewer', async () => {
    serveJobs(() => undefined);
    renderPage(<JobsPage />, { user: { username: 'vic', role: 'VIEWER' } });
    await tick('settle-orders');

    expect(screen.queryByRole('toolbar', { name: 'actions on the selected jobs' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export 1 selected/ })).toBeInTheDocument();
  });
});
