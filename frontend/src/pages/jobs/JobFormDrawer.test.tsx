import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aJob } from '../../test/fixtures';
import { mockApi, problem } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { JobFormDrawer } from './JobFormDrawer';

const userEvent = userEventLib.setup({ delay: null });
const fieldOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

describe('JobFormDrawer', () => {
  it('shows the server error for the schedule next to the schedule field', async () => {
    mockApi((c) => {
      if (c.path === '/jobs/next-fires') return { body: ['2026-11-22T10:00:00Z'] };
      if (c.method === 'POST' && c.path === '/jobs')
        return problem(400, 'Invalid job', 'The job has invalid fields', [
          { field: 'schedule', message: '@every needs at least 1s' },
        ]);
      return undefined;
    });
    const onClose = vi.fn();
    renderPage(<JobFormDrawer open onClose={onClose} scheduleDebounceMs={0} />);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'nightly' } });
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'http://svc/run' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(fieldOf('Schedule')).getByText('@every needs at least 1s')).toBeInTheDocument());
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the edited job with its version and maps nested field errors', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/jobs/next-fires') return { body: [] };
      if (c.method === 'PUT')
        return problem(400, 'Invalid job', undefined, [{ field: 'retry.maxAttempts', message: 'must be at most 10' }]);
      return undefined;
    });
    renderPage(<JobFormDrawer open job={aJob()} onClose={() => {}} scheduleDebounceMs={0} />);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(fieldOf('Max attempts')).getByText('must be at most 10')).toBeInTheDocument());
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/jobs/7');
    expect(put?.body).toMatchObject({
      name: 'settle-orders',
      version: 4,
      target: { type: 'HTTP', headers: { 'X-Env': 'prod' } },
      assignment: { strategy: 'WEIGHTED_ROUND_ROBIN', labels: { zone: 'a' } },
      // the alert rules go back as they came, the failure rate edited as a percentage
      alerts: aJob().alerts,
    });
    expect(within(fieldOf('Failed share above (%)')).getByRole('spinbutton')).toHaveValue('25');
  });

  it('shows a live schedule error before saving', async () => {
    mockApi((c) =>
      c.path === '/jobs/next-fires'
        ? problem(400, 'Invalid schedule', undefined, [{ field: 'schedule', message: 'unknown macro @sometimes' }])
        : undefined,
    );
    renderPage(<JobFormDrawer open onClose={() => {}} scheduleDebounceMs={0} />);

    fireEvent.change(screen.getByLabelText('Schedule'), { target: { value: '@sometimes' } });

    await waitFor(() => expect(within(fieldOf('Schedule')).getByText('unknown macro @sometimes')).toBeInTheDocument());
  });
});
