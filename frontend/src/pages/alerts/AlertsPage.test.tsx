import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import AlertsPage from './AlertsPage';
import type { Alert } from './types';

const userEvent = userEventLib.setup({ delay: null });
const alert = (overrides: Partial<Alert> = {}): Alert => ({
  id: 11,
  channelId: 3,
  kind: 'FAILURE',
  jobId: 7,
  executionId: 42,
  status: 'FAILED',
  attempts: 3,
  error: 'HTTP 403: sign mismatch',
  subject: 'settle-orders failed',
  createdAt: '2026-11-22T08:00:00Z',
  ...overrides,
});

describe('AlertsPage', () => {
  it('shows the history with channel names and links, and filters on the server', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/alert-channels')
        return { body: { items: [{ id: 3, name: 'ops-feishu', type: 'FEISHU' }], total: 1, page: 1, size: 200 } };
      if (c.path === '/alerts') return { body: { items: [alert()], total: 41, page: 1, size: 20 } };
      return undefined;
    });
    renderPage(<AlertsPage />, { at: '/alerts?jobId=7' });

    const link = await screen.findByRole('link', { name: '#42' });
    expect(link).toHaveAttribute('href', '/executions/42');
    const row = link.closest('tr') as HTMLElement;
    await waitFor(() => expect(within(row).getByText('ops-feishu')).toBeInTheDocument());
    expect(within(row).getByText('FAILED')).toBeInTheDocument();
    expect(screen.getByText('41 alerts')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/alerts')?.query.get('jobId')).toBe('7');

    await userEvent.click(screen.getAllByRole('combobox')[0]!);
    await userEvent.click(await screen.findByTitle('SUPPRESSED'));
    await waitFor(() => expect(calls.some((c) => c.path === '/alerts' && c.query.get('status') === 'SUPPRESSED')).toBe(true));
  });
});
