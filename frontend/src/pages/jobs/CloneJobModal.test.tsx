import { screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aJob } from '../../test/fixtures';
import { mockApi, problem } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { CloneJobModal } from './CloneJobModal';

const userEvent = userEventLib.setup({ delay: null });

describe('CloneJobModal', () => {
  it('clones under the name given and opens the copy', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/jobs/7/clone') return { status: 201, body: aJob({ id: 12, name: 'settle-orders-eu', enabled: false }) };
      return undefined;
    });
    renderPage(<CloneJobModal job={aJob()} onClose={() => {}} />, { extraRoutes: { '/jobs/12': <p>job 12 page</p> } });

    const name = screen.getByLabelText('Name of the copy');
    expect(name).toHaveValue('settle-orders-copy');
    await userEvent.clear(name);
    await userEvent.type(name, 'settle-orders-eu');
    await userEvent.click(screen.getByRole('button', { name: 'Clone' }));

    expect(await screen.findByText('job 12 page')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/jobs/7/clone')?.body).toEqual({ name: 'settle-orders-eu' });
  });

  it('shows a taken name beside the field', async () => {
    mockApi((c) => {
      if (c.path === '/jobs/7/clone') return problem(409, 'Conflict', 'name: is taken by another job', [{ field: 'name', message: 'is taken by another job' }]);
      return undefined;
    });
    renderPage(<CloneJobModal job={aJob()} onClose={() => {}} />);

    await userEvent.click(screen.getByRole('button', { name: 'Clone' }));

    await waitFor(() => expect(screen.getByText('is taken by another job')).toBeInTheDocument());
  });
});
