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

  it('offers the instance choice for an lb:// address only, and sends the one picked', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/jobs/next-fires') return { body: [] };
      if (c.method === 'PUT') return { status: 200, body: aJob() };
      return undefined;
    });
    renderPage(<JobFormDrawer open job={aJob()} onClose={() => {}} scheduleDebounceMs={0} />);
    expect(screen.queryByText('Instance choice')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'lb://billing/settle' } });
    await userEvent.click(await screen.findByRole('radio', { name: 'Least active' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      target: { url: 'lb://billing/settle', instanceChoice: 'LEAST_ACTIVE' },
    });
  });

  it('offers shards for an lb:// address, checks one parameter line per shard and sends them', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/jobs/next-fires') return { body: [] };
      if (c.method === 'PUT') return { status: 200, body: aJob() };
      return undefined;
    });
    renderPage(<JobFormDrawer open job={aJob()} onClose={() => {}} scheduleDebounceMs={0} />);
    expect(screen.queryByText('Calls per fire')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'lb://billing/settle' } });
    await userEvent.click(await screen.findByRole('radio', { name: 'Shards' }));
    fireEvent.change(await screen.findByLabelText('Number of shards'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Shard parameters'), { target: { value: 'a-h\ni-p' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(fieldOf('Shard parameters')).getByText('One line per shard: 2 lines for 3 shards')).toBeInTheDocument(),
    );
    expect(calls.find((c) => c.method === 'PUT')).toBeUndefined();

    fireEvent.change(screen.getByLabelText('Shard parameters'), { target: { value: 'a-h\ni-p\nq-z' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      target: { url: 'lb://billing/settle', shards: 3, shardParams: ['a-h', 'i-p', 'q-z'] },
    });
  });

  it('offers a status URL once the target is ASYNC, and sends it', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/jobs/next-fires') return { body: [] };
      if (c.method === 'PUT') return { status: 200, body: aJob() };
      return undefined;
    });
    renderPage(<JobFormDrawer open job={aJob()} onClose={() => {}} scheduleDebounceMs={0} />);
    expect(screen.queryByLabelText('Status URL')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'ASYNC' }));
    fireEvent.change(await screen.findByLabelText('Status URL'), { target: { value: '/exports/${executionId}' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      target: { mode: 'ASYNC', statusUrl: '/exports/${executionId}' },
    });
  });

  it('offers a progress timeout for an ASYNC discovered target only, up to the job timeout, and sends it', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/jobs/next-fires') return { body: [] };
      if (c.method === 'PUT') return { status: 200, body: aJob() };
      return undefined;
    });
    renderPage(<JobFormDrawer open job={aJob({ target: { ...aJob().target, url: 'lb://billing/export' } })} onClose={() => {}} scheduleDebounceMs={0} />);
    expect(screen.queryByLabelText('Progress timeout (s)')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'ASYNC' }));
    const field = await screen.findByLabelText('Progress timeout (s)');
    fireEvent.change(field, { target: { value: '45' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Between 1 and the job timeout (30 s)')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toBeUndefined();

    fireEvent.change(field, { target: { value: '20' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      target: { mode: 'ASYNC', url: 'lb://billing/export', progressTimeoutSeconds: 20 },
    });
  });

  it('refuses a selector label no agent could carry before sending', async () => {
    const calls = mockApi((c) => (c.path === '/jobs/next-fires' ? { body: [] } : undefined));
    renderPage(<JobFormDrawer open job={aJob()} onClose={() => {}} scheduleDebounceMs={0} />);

    fireEvent.change(screen.getByDisplayValue('zone'), { target: { value: 'my zone' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('1-63 letters, digits, . _ - /')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toBeUndefined();
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

  it('sets an exponential backoff and shows a server error on its multiplier beside the field', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/jobs/next-fires') return { body: [] };
      if (c.method === 'POST' && c.path === '/jobs')
        return problem(400, 'Invalid job', undefined, [{ field: 'retry.multiplier', message: 'must be less than or equal to 10' }]);
      return undefined;
    });
    renderPage(<JobFormDrawer open onClose={() => {}} scheduleDebounceMs={0} />);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'nightly' } });
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'http://svc/run' } });
    expect(screen.queryByLabelText('Multiplier')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Exponential' }));

    expect(await screen.findByLabelText('Multiplier')).toHaveValue('2.0');
    expect(screen.getByLabelText('Max backoff (s)')).toHaveValue('3600');
    expect(screen.getByLabelText('Jitter (0-1)')).toHaveValue('0.2');
    fireEvent.change(screen.getByLabelText('First backoff (s)'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Max backoff (s)'), { target: { value: '60' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(fieldOf('Multiplier')).getByText('must be less than or equal to 10')).toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST' && c.path === '/jobs')?.body).toMatchObject({
      retry: { maxAttempts: 1, backoff: 'EXPONENTIAL', backoffSeconds: 2, multiplier: 2, maxBackoffSeconds: 60, jitter: 0.2 },
    });
  });

  it('sends no exponential fields once an exponential job is switched to a fixed backoff', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/jobs/next-fires') return { body: [] };
      if (c.method === 'PUT') return { body: aJob() };
      return undefined;
    });
    const job = aJob({ retry: { maxAttempts: 4, backoff: 'EXPONENTIAL', backoffSeconds: 1, multiplier: 3, maxBackoffSeconds: 30, jitter: 0.2 } });
    renderPage(<JobFormDrawer open job={job} onClose={() => {}} scheduleDebounceMs={0} />);

    expect(screen.getByLabelText('Multiplier')).toHaveValue('3.0');
    await userEvent.click(screen.getByRole('radio', { name: 'Fixed' }));
    await waitFor(() => expect(screen.queryByLabelText('Multiplier')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      retry: { maxAttempts: 4, backoff: 'FIXED', backoffSeconds: 1, jitter: 0 },
    });
    expect((calls.find((c) => c.method === 'PUT')?.body as { retry: object }).retry).not.toHaveProperty('multiplier');
  });

  it('sends the business calendar and rule chosen, and previews the fires with them', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/calendars')
        return { body: { items: [{ id: 5, name: 'cn-workdays' }, { id: 6, name: 'us-federal' }], total: 2, page: 1, size: 200 } };
      if (c.path === '/jobs/next-fires') return { body: { fires: [], notes: [] } };
      if (c.method === 'POST' && c.path === '/jobs') return { status: 201, body: aJob() };
      return undefined;
    });
    renderPage(<JobFormDrawer open onClose={() => {}} scheduleDebounceMs={0} />);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'payroll' } });
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'http://svc/pay' } });
    expect(screen.getByLabelText('Calendar rule')).toBeDisabled();
    fireEvent.mouseDown(screen.getByLabelText('Business calendar'));
    await userEvent.click(await screen.findByTitle('cn-workdays'));
    fireEvent.mouseDown(screen.getByLabelText('Calendar rule'));
    await userEvent.click(await screen.findByTitle('Move to next working day'));

    await waitFor(() =>
      expect(calls.some((c) => c.path === '/jobs/next-fires' && c.query.get('calendarRule') === 'NEXT_WORKING_DAY')).toBe(true),
    );
    expect(calls.filter((c) => c.path === '/jobs/next-fires').at(-1)?.query.get('calendar')).toBe('cn-workdays');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === '/jobs')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST' && c.path === '/jobs')?.body).toMatchObject({
      name: 'payroll',
      calendar: { name: 'cn-workdays', rule: 'NEXT_WORKING_DAY' },
    });
  });

  it('takes the calendar off a job with null, and sends none for a job that never had one', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/calendars') return { body: { items: [{ id: 5, name: 'cn-workdays' }], total: 1, page: 1, size: 200 } };
      if (c.path === '/jobs/next-fires') return { body: { fires: [], notes: [] } };
      if (c.method === 'PUT') return { body: aJob() };
      return undefined;
    });
    const { unmount } = renderPage(
      <JobFormDrawer open job={aJob({ calendar: { name: 'cn-workdays', rule: 'SKIP_HOLIDAYS' } })} onClose={() => {}} scheduleDebounceMs={0} />,
    );
    expect(within(fieldOf('Calendar rule')).getByText('Skip holidays')).toBeInTheDocument();
    await userEvent.click(within(fieldOf('Business calendar')).getByLabelText('close-circle'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ calendar: null });
    unmount();

    renderPage(<JobFormDrawer open job={aJob({ id: 8 })} onClose={() => {}} scheduleDebounceMs={0} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]?.path).toBe('/jobs/8');
    expect(calls.filter((c) => c.method === 'PUT')[1]?.body).not.toHaveProperty('calendar');
  });

  it('shows an unknown calendar name beside the calendar field', async () => {
    mockApi((c) => {
      if (c.path === '/calendars') return { body: { items: [], total: 0, page: 1, size: 200 } };
      if (c.path === '/jobs/next-fires') return { body: { fires: [], notes: [] } };
      if (c.method === 'PUT')
        return problem(400, 'Invalid job', undefined, [{ field: 'calendar.name', message: "no calendar 'cn-workdays' in this department" }]);
      return undefined;
    });
    renderPage(
      <JobFormDrawer open job={aJob({ calendar: { name: 'cn-workdays', rule: 'WORKING_DAYS_ONLY' } })} onClose={() => {}} scheduleDebounceMs={0} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(fieldOf('Business calendar')).getByText("no calendar 'cn-workdays' in this department")).toBeInTheDocument(),
    );
  });

  it('lets a job with an upstream leave its schedule empty, and says it then runs after its upstreams', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/jobs' && c.method === 'GET')
        return { body: { items: [aJob({ id: 4, name: 'load' }), aJob({ id: 5, name: 'reconcile' })], total: 2, page: 1, size: 200 } };
      if (c.path === '/jobs/next-fires') return { body: { fires: [], notes: [] } };
      if (c.method === 'POST' && c.path === '/jobs') return { status: 201, body: aJob() };
      return undefined;
    });
    renderPage(<JobFormDrawer open onClose={() => {}} scheduleDebounceMs={0} />);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'report' } });
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'http://svc/report' } });
    fireEvent.change(screen.getByLabelText('Schedule'), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(fieldOf('Schedule')).getByText('A job needs a schedule')).toBeInTheDocument());

    fireEvent.mouseDown(screen.getByLabelText('Depends on'));
    await userEvent.click(await screen.findByTitle('load'));
    expect(await within(fieldOf('Schedule')).findByText('Empty: runs when its upstreams have succeeded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === '/jobs')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST' && c.path === '/jobs')?.body).toMatchObject({ name: 'report', schedule: '', dependsOn: ['load'] });
  });

  it('offers the department other jobs as upstreams, not the job itself', async () => {
    mockApi((c) => {
      if (c.path === '/jobs' && c.method === 'GET')
        return { body: { items: [aJob({ id: 4, name: 'load' }), aJob()], total: 2, page: 1, size: 200 } };
      if (c.path === '/jobs/next-fires') return { body: { fires: [], notes: [] } };
      return undefined;
    });
    renderPage(<JobFormDrawer open job={aJob({ dependsOn: ['archive'] })} onClose={() => {}} scheduleDebounceMs={0} />);

    fireEvent.mouseDown(screen.getByLabelText('Depends on'));
    expect(await screen.findByTitle('load')).toBeInTheDocument();
    expect(screen.getAllByTitle('archive').length).toBeGreaterThan(0);
    expect(screen.queryByTitle('settle-orders')).toBeNull();
  });
});
