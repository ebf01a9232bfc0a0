import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aJob } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import JobDetailPage from './JobDetailPage';

describe('JobDetailPage', () => {
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

  it('shows the job own retention, or the platform default', async () => {
    mockApi((c) => {
      if (c.path === '/jobs/7') return { body: aJob({ retention: { days: 90, maxCount: 1000 } }) };
      if (c.path === '/jobs/7/next-fires') return { body: [] };
      if (c.path === '/executions') return { body: { items: [], total: 0, page: 1, size: 10 } };
      return undefined;
    });
    renderPage(<JobDetailPage />, { at: '/jobs/7', path: '/jobs/:id' });

    const label = await screen.findByText('Retention');
    expect(label.closest('tr')).toHaveTextContent('90 days, at most 1000 runs');
  });

  it('says none when the job raises no alerts', async () => {
    mockApi((c) => {
      if (c.path === '/jobs/7') return { body: aJob({ alerts: null }) };
      if (c.path === '/jobs/7/next-fires') return { body: [] };
      if (c.path === '/executions') return { body: { items: [], total: 0, page: 1, size: 10 } };
      return undefined;
    });
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
});
