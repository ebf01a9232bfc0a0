import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import AuditPage from './AuditPage';
import type { AuditEntry } from './types';

const userEvent = userEventLib.setup({ delay: null });
const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 21,
  at: '2026-11-26T05:00:00Z',
  actorType: 'USER',
  actorId: 1,
  actorName: 'ada',
  address: '10.0.0.8',
  action: 'JOB_UPDATE',
  objectType: 'JOB',
  objectId: '7',
  objectName: 'settle-orders',
  changes: [
    { field: 'schedule', before: '0 0 1 * * ?', after: '0 30 2 * * ?' },
    { field: 'target.headers.Authorization', before: '******', after: '******' },
  ],
  ...overrides,
});

describe('AuditPage', () => {
  it('shows who changed what, from where, each field before and after, and filters on the server', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/audit')
        return {
          body: {
            items: [entry(), entry({ id: 20, actorType: 'ANONYMOUS', actorId: null, actorName: 'mallory', action: 'LOGIN_FAILED', objectType: 'USER', objectId: null, objectName: 'mallory', changes: [] })],
            total: 42,
            page: 1,
            size: 20,
          },
        };
      return undefined;
    });
    renderPage(<AuditPage />, { at: '/audit?actor=ada' });

    const link = await screen.findByRole('link', { name: 'settle-orders' });
    expect(link).toHaveAttribute('href', '/jobs/7');
    const row = link.closest('tr.ant-table-row') as HTMLElement;
    expect(within(row).getByText('ada')).toBeInTheDocument();
    expect(within(row).getByText('10.0.0.8')).toBeInTheDocument();
    const schedule = within(row).getByText('schedule').closest('tr') as HTMLElement;
    expect(within(schedule).getByText('0 0 1 * * ?')).toBeInTheDocument();
    expect(within(schedule).getByText('0 30 2 * * ?')).toBeInTheDocument();
    expect(within(row).getAllByText('******')).toHaveLength(2);
    expect(screen.getByText('anonymous (as mallory)')).toBeInTheDocument();
    expect(screen.getByText('42 records')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/audit')?.query.get('actor')).toBe('ada');

    await userEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    await userEvent.click(await screen.findByTitle('JOB_DELETE'));
    await waitFor(() => expect(calls.some((c) => c.path === '/audit' && c.query.get('action') === 'JOB_DELETE')).toBe(true));
  });

  it('says what went wrong when the log cannot be read', async () => {
    mockApi((c) => (c.path === '/audit' ? { status: 403, body: { title: 'Forbidden', status: 403, detail: 'Access denied' } } : undefined));
    renderPage(<AuditPage />, { at: '/audit' });

    expect(await screen.findByText(/Access denied|Forbidden/)).toBeInTheDocument();
  });
});

describe('ChangesView', () => {
  it('folds a long list of fields behind a button', async () => {
    const changes = Array.from({ length: 9 }, (_, i) => ({ field: `field${i}`, before: null, after: `v${i}` }));
    mockApi((c) => (c.path === '/audit' ? { body: { items: [entry({ action: 'JOB_CREATE', changes })], total: 1, page: 1, size: 20 } } : undefined));
    renderPage(<AuditPage />, { at: '/audit' });

    await screen.findByText('field3');
    expect(screen.queryByText('field4')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '5 more fields' }));
    expect(screen.getByText('field8')).toBeInTheDocument();
  });
});
