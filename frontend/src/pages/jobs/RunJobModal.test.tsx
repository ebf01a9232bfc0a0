import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aJob } from '../../test/fixtures';
import { type ApiCall, mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import JobDetailPage from './JobDetailPage';
import JobsPage from './JobsPage';

const userEvent = userEventLib.setup({ delay: null });

function backend() {
  return mockApi((c) => {
    if (c.path === '/agents') return { body: [] };
    if (c.path === '/jobs') return { body: { items: [aJob()], total: 1, page: 1, size: 20 } };
    if (c.path === '/jobs/7') return { body: aJob() };
    if (c.path === '/jobs/7/next-fires') return { body: [] };
    if (c.path === '/jobs/7/run') return { body: { executionId: 4711 } };
    if (c.path === '/executions') return { body: { items: [], total: 0, page: 1, size: 10 } };
    if (c.path === '/alert-channels') return { body: { items: [], total: 0, page: 1, size: 200 } };
    return undefined;
  });
}

const runs = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/jobs/7/run');

describe('RunJobModal', () => {
  it('sends the run when Run is clicked at once after the dialog opens from the job page', async () => {
    const calls = backend();
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id', extraRoutes: { '/executions/:id': <p>execution page</p> } });

    fireEvent.click(await screen.findByRole('button', { name: /Run now/ }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Run' }));

    await waitFor(() => expect(runs(calls)).toHaveLength(1));
    expect(await screen.findByText('execution page')).toBeInTheDocument();
  });

  it('sends the run when Run is clicked at once after the dialog opens from the list', async () => {
    const calls = backend();
    renderPage(<JobsPage />, { extraRoutes: { '/executions/:id': <p>execution page</p> } });

    fireEvent.click(await screen.findByRole('button', { name: 'run settle-orders' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Run' }));

    await waitFor(() => expect(runs(calls)).toHaveLength(1));
    expect(await screen.findByText('execution page')).toBeInTheDocument();
  });

  it('sends the params typed, once however often Run is clicked', async () => {
    const calls = backend();
    renderPage(<JobsPage />, { extraRoutes: { '/executions/:id': <p>execution page</p> } });

    await userEvent.click(await screen.findByRole('button', { name: 'run settle-orders' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Params/ }), ' {{"day": "2026-11-22"}');
    const run = within(dialog).getByRole('button', { name: 'Run' });
    fireEvent.click(run);
    fireEvent.click(run);

    await screen.findByText('execution page');
    expect(runs(calls)).toHaveLength(1);
    expect(runs(calls)[0]?.body).toEqual({ params: '{"day": "2026-11-22"}' });
  });

  it('opens empty again after a cancel', async () => {
    const calls = backend();
    renderPage(<JobsPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'run settle-orders' }));
    await userEvent.type(within(screen.getByRole('dialog')).getByRole('textbox', { name: /Params/ }), 'x=1');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'run settle-orders' }));

    expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: /Params/ })).toHaveValue('');
    expect(runs(calls)).toHaveLength(0);
  });

  it('offers a job with dependents to run them after it', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/jobs/7') return { body: aJob({ dependents: ['report'] }) };
      if (c.path === '/jobs/7/next-fires') return { body: [] };
      if (c.path === '/jobs/7/run') return { body: { executionId: 4711, workflowRunId: 3 } };
      if (c.path === '/executions') return { body: { items: [], total: 0, page: 1, size: 10 } };
      if (c.path === '/alert-channels') return { body: { items: [], total: 0, page: 1, size: 200 } };
      return undefined;
    });
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id', extraRoutes: { '/executions/:id': <p>execution page</p> } });

    await userEvent.click(await screen.findByRole('button', { name: /Run now/ }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('When the run succeeds, its dependents run after it: report')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Run with dependents' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run' }));

    await screen.findByText('execution page');
    expect(runs(calls)[0]?.body).toEqual({ withDependents: true });
  });
});
