import { screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import OverviewPage from './OverviewPage';
import type { Bucket, OverviewSummary } from './types';

// ECharts draws on a canvas jsdom lacks; the chart gets its buckets, which is what matters here.
vi.mock('./RunsChart', () => ({
  RunsChart: ({ buckets, format }: { buckets: Bucket[]; format: string }) => (
    <div data-testid="runs-chart" data-format={format}>
      {buckets.length} buckets
    </div>
  ),
}));

const userEvent = userEventLib.setup({ delay: null });
const buckets = (n: number, counts: Bucket['counts'] = {}): Bucket[] =>
  Array.from({ length: n }, (_, i) => ({ start: new Date(Date.UTC(2026, 10, 22, 10, i)).toISOString(), counts }));

const summary = (overrides: Partial<OverviewSummary> = {}): OverviewSummary => ({
  generatedAt: '2026-11-22T10:59:30Z',
  perMinute: buckets(60, { SUCCEEDED: 3 }),
  perHour: buckets(24),
  perDay: buckets(30),
  last24h: { SUCCEEDED: 97, FAILED: 2, TIMED_OUT: 1, RUNNING: 4 },
  successRate: 0.97,
  runningNow: 4,
  agentsAlive: 3,
  lateness: { p50Ms: 12, p95Ms: 480, p99Ms: 2300, samples: 1200, capped: false },
  recentFailures: [
    {
      id: 77,
      jobId: 5,
      jobName: 'export-ledger',
      agentId: 'agent-1',
      status: 'TIMED_OUT',
      scheduledAt: '2026-11-22T10:58:00Z',
      error: 'no answer within 10 s',
    },
  ],
  ...overrides,
});

describe('OverviewPage', () => {
  it('shows the server summary from one request', async () => {
    const calls = mockApi((c) => (c.path === '/dashboard/summary' ? { body: summary() } : undefined));
    renderPage(<OverviewPage />);

    const rate = (await screen.findByText('Success rate (24 h)')).closest('.ant-card') as HTMLElement;
    expect(rate).toHaveTextContent('97.0%');
    expect(within(screen.getByText('Running now').closest('.ant-card') as HTMLElement).getByText('4')).toBeInTheDocument();
    expect(within(screen.getByText('Agents alive').closest('.ant-card') as HTMLElement).getByText('3')).toBeInTheDocument();
    expect(within(screen.getByText('Failed / timed out (24 h)').closest('.ant-card') as HTMLElement).getByText('3')).toBeInTheDocument();

    const lateness = screen.getByText('Trigger lateness (last hour)').closest('.ant-card') as HTMLElement;
    expect(within(lateness).getByText('12 ms')).toBeInTheDocument();
    expect(within(lateness).getByText('480 ms')).toBeInTheDocument();
    expect(within(lateness).getByText('2.3 s')).toBeInTheDocument();
    expect(within(lateness).getByText(/of 1200 cron fires/)).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'export-ledger' })).toHaveAttribute('href', '/jobs/5');
    expect(screen.getByText('no answer within 10 s')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/dashboard/summary']);
  });

  it('shows the summary in Chinese: labels, status tags and units', async () => {
    mockApi((c) => (c.path === '/dashboard/summary' ? { body: summary() } : undefined));
    renderPage(<OverviewPage />, { lang: 'zh-CN' });

    const rate = (await screen.findByText('成功率（24 小时）')).closest('.ant-card') as HTMLElement;
    expect(rate).toHaveTextContent('97.0%');
    const lateness = screen.getByText('触发延迟（最近 1 小时）').closest('.ant-card') as HTMLElement;
    expect(within(lateness).getByText('480 毫秒')).toBeInTheDocument();
    expect(within(lateness).getByText('2.3 秒')).toBeInTheDocument();
    expect(within(lateness).getByText('1200 次定时触发的实际开始时间与计划时间之差。')).toBeInTheDocument();
    const failures = screen.getByText('最近失败').closest('.ant-card') as HTMLElement;
    expect(within(failures).getByText('超时')).toBeInTheDocument();
    expect(screen.queryByText('Success rate (24 h)')).not.toBeInTheDocument();
  });

  it('switches the chart between minutes, hours and days', async () => {
    mockApi((c) => (c.path === '/dashboard/summary' ? { body: summary() } : undefined));
    renderPage(<OverviewPage />);

    expect(await screen.findByTestId('runs-chart')).toHaveTextContent('60 buckets');
    await userEvent.click(screen.getByText('Day'));
    expect(await screen.findByText('Runs per day (last 30 days, UTC)')).toBeInTheDocument();
    expect(screen.getByTestId('runs-chart')).toHaveTextContent('30 buckets');
    await userEvent.click(screen.getByText('Hour'));
    expect(screen.getByTestId('runs-chart')).toHaveTextContent('24 buckets');
  });

  it('says so when nothing finished, nothing started late and no agent is alive', async () => {
    mockApi((c) =>
      c.path === '/dashboard/summary'
        ? {
            body: summary({
              successRate: undefined,
              agentsAlive: 0,
              last24h: {},
              lateness: { samples: 0, capped: false },
              recentFailures: [],
            }),
          }
        : undefined,
    );
    renderPage(<OverviewPage />);

    expect(await screen.findByText('No cron fire started in the last hour.')).toBeInTheDocument();
    expect(screen.getByText('No failures')).toBeInTheDocument();
    const agents = screen.getByText('Agents alive').closest('.ant-card') as HTMLElement;
    expect(within(agents).getByText('0')).toBeInTheDocument();
  });
});
