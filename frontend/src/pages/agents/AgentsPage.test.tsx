import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatTime } from '../../format';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import AgentsPage from './AgentsPage';
import type { Agent } from './types';

const userEvent = userEventLib.setup({ delay: null });
const agent = (id: string, overrides: Partial<Agent> = {}): Agent => ({
  id,
  host: '10.0.0.1',
  port: 9100,
  weight: 1,
  labels: { zone: 'a' },
  version: '0.1.0',
  startedAt: '2026-11-22T05:00:00Z',
  status: 'ONLINE',
  jobsHeld: 3,
  lastSeenAt: '2026-11-22T06:00:02Z',
  ...overrides,
});

describe('AgentsPage', () => {
  it('lists agents with the cluster view, and changes weight and drain state', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/agents') return { body: [agent('agent-1'), agent('agent-2', { status: 'DRAINED', jobsHeld: 0 })] };
      if (c.path === '/cluster') return { body: { leaderId: 'web-1', agentsAlive: 2, jobsAssigned: 3, jobsUnassigned: 1 } };
      if (c.method === 'PATCH') return { body: agent('agent-1', { weight: 5 }) };
      if (c.method === 'POST') return { status: 204 };
      return undefined;
    });
    renderPage(<AgentsPage />, { user: { username: 'ada', role: 'VIEWER', globalAdmin: true } });

    const row1 = (await screen.findByText('agent-1')).closest('tr') as HTMLElement;
    expect(within(row1).getByText('ONLINE')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Last seen' })).toBeInTheDocument();
    expect(within(row1).getByText(formatTime('2026-11-22T06:00:02Z'))).toBeInTheDocument();
    expect(screen.getByText('web-1')).toBeInTheDocument();
    expect(within(screen.getByText('agent-2').closest('tr') as HTMLElement).getByText('DRAINED')).toBeInTheDocument();

    const weight = screen.getByRole('spinbutton', { name: 'weight of agent-1' });
    fireEvent.change(weight, { target: { value: '5' } });
    fireEvent.blur(weight);
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: '/agents/agent-1', body: { weight: 5 } }));

    await userEvent.click(screen.getByRole('button', { name: /undrain/i }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/agents/agent-2/undrain')).toBe(true));
  });

  it("changes nothing for a department's ADMIN: agents are shared, a global admin's to manage", async () => {
    mockApi((c) => {
      if (c.path === '/agents') return { body: [agent('agent-1'), agent('agent-2', { status: 'DRAINED', jobsHeld: 0 })] };
      if (c.path === '/cluster') return { body: { leaderId: 'web-1', agentsAlive: 2, jobsAssigned: 3, jobsUnassigned: 1 } };
      return undefined;
    });
    renderPage(<AgentsPage />, { user: { username: 'ada', role: 'ADMIN', globalAdmin: false } });

    await screen.findByText('agent-1');
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /drain|rebalance/i })).not.toBeInTheDocument();
  });
});
