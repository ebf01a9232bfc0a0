import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aJob } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import JobDetailPage from './JobDetailPage';
import type { Job } from './types';

const userEvent = userEventLib.setup({ delay: null });

/** The job page's calls answered for this job, with no next fires and no runs. */
function mockJobPage(job: Job) {
  mockApi((c) => {
    if (c.path === '/jobs/7') return { body: job };
    if (c.path === '/jobs/7/next-fires') return { body: [] };
    if (c.path === '/executions') return { body: { items: [], total: 0, page: 1, size: 10 } };
    return undefined;
  });
}

describe('JobDetailPage', () => {
  it('shows the job history tab: who changed which field, before and after', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/jobs/7') return { body: aJob({ alerts: null }) };
      if (c.path === '/jobs/7/next-fires') return { body: [] };
      if (c.path === '/executions') return { body: { items: [], total: 0, page: 1, size: 10 } };
      if (c.path === '/jobs/7/history')
        return {
          body: {
            items: [
              {
                id: 5,
                at: '2026-11-26T05:00:00Z',
                actorType: 'USER',
                actorId: 1,
                actorName: 'ada',
                address: '10.0.0.8',
                action: 'JOB_UPDATE',
                objectType: 'JOB',
                objectId: '7',
                objectName: 'settle',
                changes: [{ field: 'schedule', before: '0 0 1 * * ?', after: '0 30 2 * * ?' }],
              },
            ],
            total: 1,
            page: 1,
            size: 10,
          },
        };
      return undefined;
    });
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id' });

    await userEvent.click(await screen.findByRole('tab', { name: 'History' }));

    const field = await screen.findByText('schedule');
    const row = field.closest('tr') as HTMLElement;
    expect(within(row).getByText('0 0 1 * * ?')).toBeInTheDocument();
    expect(within(row).getByText('0 30 2 * * ?')).toBeInTheDocument();
    expect(screen.getByText('JOB_UPDATE')).toBeInTheDocument();
    expect(screen.getByText('ada')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/jobs/7/history')).toBe(true);
  });

  it('shows the alert rules with channel names and links to the job alert history', async () => {
    mockApi((c) => {
      if (c.path === '/jobs/7') return { body: aJob() };
      if (c.path === '/jobs/7/next-fires') return { body: [] };
      if (c.path === '/executions') return { body: { items: [], total: 0, page: 1, size: 10 } };
      if (c.path === '/alert-channels')
        return { body: { items: [{ id: 3, name: 'ops-feishu', type: 'FEISHU' }], total: 1, page: 1, size: 200 } };
      return undefined;
    });
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id' });

    expect(await screen.findByText('on final failure, over 25 % failed in 15 min (4+ runs), recovery')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('ops-feishu')).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'history' })).toHaveAttribute('href', '/alerts?jobId=7');
  });

  it('says why a job no live agent may take is unassigned', async () => {
    mockApi((c) => {
      if (c.path === '/jobs/7')
        return {
          body: aJob({ alerts: null, agentId: null, placement: { status: 'UNASSIGNED', reason: 'no live agent matches zone=a' } }),
        };
      if (c.path === '/jobs/7/next-fires') return { body: [] };
      if (c.path === '/executions') return { body: { items: [], total: 0, page: 1, size: 10 } };
      return undefined;
    });
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id' });

    const label = await screen.findByText('Assigned agent');
    expect(label.closest('tr')).toHaveTextContent('UNASSIGNED');
    expect(label.closest('tr')).toHaveTextContent('no live agent matches zone=a');
  });

  it('shows the job own retention, or the platform default', async () => {
    mockJobPage(aJob({ retention: { days: 90, maxCount: 1000 } }));
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id' });

    const label = await screen.findByText('Retention');
    expect(label.closest('tr')).toHaveTextContent('90 days, at most 1000 runs');
  });

  it('shows the calls per fire of a discovered target: its shards with their parameters, or a broadcast', async () => {
    let target: object = { type: 'HTTP', method: 'POST', url: 'lb://billing/settle', mode: 'SYNC', sharding: { shards: 2, params: ['a-m', 'n-z'], broadcast: false } };
    mockApi((c) => {
      if (c.path === '/jobs/7') return { body: aJob({ target: target as never }) };
      if (c.path === '/jobs/7/next-fires') return { body: [] };
      if (c.path === '/executions') return { body: { items: [], total: 0, page: 1, size: 10 } };
      return undefined;
    });
    const { unmount } = renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id' });

    const cell = (await screen.findByText('Calls per fire')).closest('th')!.nextElementSibling as HTMLElement;
    expect(cell).toHaveTextContent('2 shards with parameters');
    expect(within(cell).getByText('0: a-m')).toBeInTheDocument();
    expect(within(cell).getByText('1: n-z')).toBeInTheDocument();
    unmount();

    target = { type: 'GRPC', url: 'discovery:///billing/Settle', mode: 'SYNC', sharding: { shards: 0, params: [], broadcast: true } };
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id' });
    const broadcast = (await screen.findByText('Calls per fire')).closest('th')!.nextElementSibling as HTMLElement;
    expect(broadcast).toHaveTextContent('Every instance');
  });

  it('shows the progress timeout of an ASYNC discovered target', async () => {
    mockJobPage(aJob({ target: { type: 'HTTP', method: 'POST', url: 'lb://billing/export', mode: 'ASYNC', progressTimeoutSeconds: 45 } }));
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id' });

    const cell = (await screen.findByText('Progress timeout (s)')).closest('th')!.nextElementSibling as HTMLElement;
    expect(cell).toHaveTextContent('Resumed once elsewhere after 45 s without a report');
  });

  it('shows the limit on a sharded fire as a whole', async () => {
    mockJobPage(aJob({ target: { type: 'HTTP', method: 'POST', url: 'lb://billing/settle', mode: 'SYNC', sharding: { shards: 4, params: [], broadcast: false, timeoutSeconds: 600 } } }));
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id' });

    const cell = (await screen.findByText('Whole-run limit (s)')).closest('th')!.nextElementSibling as HTMLElement;
    expect(cell).toHaveTextContent('Shards still going after 600 s are stopped');
  });

  it('says none when the job raises no alerts', async () => {
    mockJobPage(aJob({ alerts: null }));
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id' });

    const label = await screen.findByText('Alerts');
    expect(label.closest('tr')).toHaveTextContent('none');
  });

  it('shows the retry policy: exponential with its bounds, and a job saved before the backoff strategy as fixed', async () => {
    const retry = { maxAttempts: 4, backoff: 'EXPONENTIAL' as const, backoffSeconds: 1, multiplier: 2, maxBackoffSeconds: 30, jitter: 0.2 };
    let job = aJob({ alerts: null, retry });
    mockApi((c) => {
      if (c.path === '/jobs/7') return { body: job };
      if (c.path === '/jobs/7/next-fires') return { body: [] };
      if (c.path === '/executions') return { body: { items: [], total: 0, page: 1, size: 10 } };
      return undefined;
    });
    const { unmount } = renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id' });
    expect(await screen.findByText('4 attempts, exponential backoff from 1 s × 2 up to 30 s, jitter 20 %')).toBeInTheDocument();
    unmount();

    job = aJob({ alerts: null, retry: { maxAttempts: 3, backoffSeconds: 5 } });
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id' });
    expect(await screen.findByText('3 attempts, 5 s apart')).toBeInTheDocument();
  });

  it('shows owner, contact and labels, and clones the job into a disabled copy', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/jobs/7')
        return { body: aJob({ alerts: null, owner: 'alice', contact: 'pay@example.com', labels: { team: 'pay' } }) };
      if (c.path === '/jobs/7/next-fires') return { body: [] };
      if (c.path === '/executions') return { body: { items: [], total: 0, page: 1, size: 10 } };
      if (c.path === '/jobs/7/clone') return { status: 201, body: aJob({ id: 12, name: 'settle-orders-copy', enabled: false }) };
      return undefined;
    });
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id', extraRoutes: { '/jobs/12': <p>copy page</p> } });

    expect(await screen.findByText('alice')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'pay@example.com' })).toHaveAttribute('href', 'mailto:pay@example.com');
    expect(screen.getByText('team=pay')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /clone/i }));
    await userEvent.click(await screen.findByRole('button', { name: 'Clone' }));

    expect(await screen.findByText('copy page')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/jobs/7/clone')?.body).toEqual({ name: 'settle-orders-copy' });
  });

  it('shows the calendar and rule the job follows, and its next fires with what the calendar did to them', async () => {
    mockApi((c) => {
      if (c.path === '/jobs/7') return { body: aJob({ alerts: null, timeZone: 'UTC', calendar: { name: 'cn-workdays', rule: 'PREVIOUS_WORKING_DAY' } }) };
      if (c.path === '/jobs/7/next-fires')
        return {
          body: {
            schedule: '0 0 1 * * ?',
            timeZone: 'UTC',
            calendar: { name: 'cn-workdays', rule: 'PREVIOUS_WORKING_DAY' },
            fires: ['2026-09-30T01:00:00Z'],
            notes: [{ kind: 'MOVED', at: '2026-09-30T01:00:00Z', from: '2026-10-01T01:00:00Z', reason: 'a holiday (National Day)' }],
          },
        };
      if (c.path === '/executions') return { body: { items: [], total: 0, page: 1, size: 10 } };
      return undefined;
    });
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id' });

    const cell = (await screen.findByText('Business calendar')).closest('tr') as HTMLElement;
    expect(within(cell).getByRole('link', { name: 'cn-workdays' })).toHaveAttribute('href', '/calendars');
    expect(within(cell).getByText('Move to previous working day')).toBeInTheDocument();
    const fires = screen.getByTestId('job-next-fires');
    await waitFor(() =>
      expect(fires).toHaveTextContent('Wed 2026-09-30 01:00:00 moved from Thu 2026-10-01 01:00:00: a holiday (National Day)'),
    );
  });

  it('shows its upstreams, its dependents and the current cycle: each upstream, whether it counts, why it waits', async () => {
    mockApi((c) => {
      if (c.path === '/jobs/7')
        return { body: aJob({ alerts: null, schedule: '', dependsOn: ['load', 'reconcile'], dependents: ['report'] }) };
      if (c.path === '/jobs/7/next-fires') return { body: [] };
      if (c.path === '/executions') return { body: { items: [], total: 0, page: 1, size: 10 } };
      if (c.path === '/jobs/7/cycle')
        return {
          body: {
            jobId: 7,
            cycleStart: '2026-11-26T01:00:00Z',
            waiting: true,
            reason: 'waiting for reconcile (RUNNING)',
            upstreams: [
              { jobId: 4, name: 'load', status: 'SUCCEEDED', executionId: 10, finishedAt: '2026-11-26T01:00:05Z', counts: true },
              { jobId: 5, name: 'reconcile', status: 'RUNNING', executionId: 11, finishedAt: null, counts: false },
            ],
          },
        };
      return undefined;
    });
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id' });

    const upstreams = (await screen.findByText('Depends on')).closest('tr') as HTMLElement;
    expect(within(upstreams).getByText('load')).toBeInTheDocument();
    expect(within(upstreams).getByText('reconcile')).toBeInTheDocument();
    expect(within(screen.getByText('Dependents').closest('tr') as HTMLElement).getByText('report')).toBeInTheDocument();
    expect(within(screen.getByText('Schedule').closest('tr') as HTMLElement).getByText('None: runs when its upstreams have succeeded')).toBeInTheDocument();

    const cycle = screen.getByTestId('job-cycle');
    expect(await within(cycle).findByText('waiting for reconcile (RUNNING)')).toBeInTheDocument();
    const load = within(cycle).getByRole('link', { name: 'load' }).closest('tr') as HTMLElement;
    expect(within(load).getByText('yes')).toBeInTheDocument();
    expect(within(load).getByText('Succeeded')).toBeInTheDocument();
    const reconcile = within(cycle).getByRole('link', { name: 'reconcile' }).closest('tr') as HTMLElement;
    expect(within(reconcile).getByText('not yet')).toBeInTheDocument();
    expect(within(reconcile).getByText('Running')).toBeInTheDocument();
  });

  it('says in Chinese which upstreams the cycle waits for', async () => {
    mockApi((c) => {
      if (c.path === '/jobs/7') return { body: aJob({ alerts: null, schedule: '', dependsOn: ['load', 'reconcile'] }) };
      if (c.path === '/jobs/7/next-fires') return { body: [] };
      if (c.path === '/executions') return { body: { items: [], total: 0, page: 1, size: 10 } };
      if (c.path === '/jobs/7/cycle')
        return {
          body: {
            jobId: 7,
            waiting: true,
            reason: 'waiting for load (FAILED), reconcile (RUNNING)',
            reasons: [{ code: 'WAITING_FOR_UPSTREAMS', params: { upstreams: 'load, reconcile' }, text: 'waiting for load, reconcile' }],
            upstreams: [
              { jobId: 4, name: 'load', status: 'FAILED', executionId: 10, finishedAt: '2026-11-26T01:00:05Z', counts: false },
              { jobId: 5, name: 'reconcile', status: 'RUNNING', executionId: 11, finishedAt: null, counts: false },
            ],
          },
        };
      return undefined;
    });
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id', lang: 'zh-CN' });

    const cycle = await screen.findByTestId('job-cycle');
    expect(await within(cycle).findByText('等待上游任务成功：load, reconcile')).toBeInTheDocument();
    expect(within(cycle).queryByText(/waiting for/)).toBeNull();
  });

  it('asks no cycle of a job without upstreams', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/jobs/7') return { body: aJob({ alerts: null }) };
      if (c.path === '/jobs/7/next-fires') return { body: [] };
      if (c.path === '/executions') return { body: { items: [], total: 0, page: 1, size: 10 } };
      return undefined;
    });
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id' });

    await screen.findByText('Depends on');
    expect(screen.queryByTestId('job-cycle')).toBeNull();
    expect(calls.some((c) => c.path === '/jobs/7/cycle')).toBe(false);
  });

  it('shows why a job others depend on cannot simply go, and deletes it cutting the edges when confirmed', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/jobs/7' && c.method === 'DELETE') {
        if (c.query.get('cutEdges') === 'true') return { status: 204 };
        return { status: 409, body: { title: 'Conflict', status: 409, detail: 'report and publish depend on settle-orders' } };
      }
      if (c.path === '/jobs/7') return { body: aJob({ alerts: null, dependents: ['report', 'publish'] }) };
      if (c.path === '/jobs/7/next-fires') return { body: [] };
      if (c.path === '/executions') return { body: { items: [], total: 0, page: 1, size: 10 } };
      return undefined;
    });
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id', extraRoutes: { '/jobs': <p>jobs list</p> } });

    await userEvent.click(await screen.findByRole('button', { name: /Delete/ }));
    await userEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));

    const dialog = (await screen.findByText('report and publish depend on settle-orders')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getAllByText('Other jobs depend on settle-orders').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('report and publish depend on settle-orders')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete and cut the edges' }));

    expect(await screen.findByText('jobs list')).toBeInTheDocument();
    const deletes = calls.filter((c) => c.method === 'DELETE');
    expect(deletes.map((c) => c.query.get('cutEdges'))).toEqual([null, 'true']);
  });
});
