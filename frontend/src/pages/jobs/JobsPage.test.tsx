import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatTime } from '../../format';
import { aJob } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import JobsPage from './JobsPage';

const userEvent = userEventLib.setup({ delay: null });

describe('JobsPage', () => {
  it('renders the page of jobs the server answers, and asks for the next page', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/agents') return { body: [] };
      if (c.path === '/jobs') {
        const page = Number(c.query.get('page'));
        const items =
          page === 1
            ? [aJob(), aJob({ id: 8, name: 'rebuild-index', enabled: false, agentId: null, lastExecution: null })]
            : [aJob({ id: 30, name: 'purge-sessions' })];
        return { body: { items, total: 45, page, size: 20 } };
      }
      return undefined;
    });
    renderPage(<JobsPage />);

    const first = await screen.findByRole('link', { name: 'settle-orders' });
    const row = first.closest('tr') as HTMLElement;
    expect(within(row).getByText('0 0 1 * * ?')).toBeInTheDocument();
    expect(within(row).getByText('Succeeded')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'rebuild-index' })).toBeInTheDocument();
    expect(screen.getByText('45 jobs')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'enable rebuild-index' })).not.toBeChecked();

    await userEvent.click(screen.getByTitle('2'));

    expect(await screen.findByRole('link', { name: 'purge-sessions' })).toBeInTheDocument();
    const lastList = calls.filter((c) => c.path === '/jobs').at(-1);
    expect(lastList?.query.get('page')).toBe('2');
    expect(lastList?.query.get('size')).toBe('20');
  });

  it("shows each job's next fire in a column of its own, none for a disabled job", async () => {
    mockApi((c) => {
      if (c.path === '/agents') return { body: [] };
      if (c.path === '/jobs')
        return {
          body: {
            items: [
              aJob({ nextFireAt: '2026-11-22T17:00:00Z' }),
              aJob({ id: 8, name: 'rebuild-index', enabled: false, nextFireAt: null }),
            ],
            total: 2,
            page: 1,
            size: 20,
          },
        };
      return undefined;
    });
    renderPage(<JobsPage />);
    const settle = (await screen.findByRole('link', { name: 'settle-orders' })).closest('tr') as HTMLElement;
    const rebuild = screen.getByRole('link', { name: 'rebuild-index' }).closest('tr') as HTMLElement;

    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    const next = headers.indexOf('Next fire');
    expect(next).toBeGreaterThanOrEqual(0);
    expect(headers.indexOf('Last run')).toBe(next - 1);
    const cell = (row: HTMLElement) => within(row).getAllByRole('cell')[next];
    expect(cell(settle)).toHaveTextContent(formatTime('2026-11-22T17:00:00Z'));
    expect(cell(rebuild)).toHaveTextContent('—');
    // the last run stays the run that happened, not the fire to come
    expect(within(settle).getByText(formatTime('2026-11-21T17:00:00Z'))).toBeInTheDocument();
  });

  it('filters by name on the server', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/agents') return { body: [] };
      if (c.path === '/jobs') return { body: { items: [aJob()], total: 1, page: 1, size: 20 } };
      return undefined;
    });
    renderPage(<JobsPage />);
    await screen.findByRole('link', { name: 'settle-orders' });

    await userEvent.type(screen.getByPlaceholderText('Search by name'), 'settle{Enter}');

    await waitFor(() => expect(calls.filter((c) => c.path === '/jobs').at(-1)?.query.get('name')).toBe('settle'));
  });

  it('hides changing actions from viewers', async () => {
    mockApi((c) => {
      if (c.path === '/agents') return { body: [] };
      if (c.path === '/jobs') return { body: { items: [aJob()], total: 1, page: 1, size: 20 } };
      return undefined;
    });
    renderPage(<JobsPage />, { user: { username: 'vic', role: 'VIEWER' } });
    await screen.findByRole('link', { name: 'settle-orders' });

    expect(screen.queryByRole('button', { name: /new job/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'run settle-orders' })).toBeNull();
    expect(screen.getByRole('switch', { name: 'disable settle-orders' })).toBeDisabled();
  });

  it('filters by every label, owner, target type and target on the server', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/agents') return { body: [] };
      if (c.path === '/jobs') return { body: { items: [aJob({ owner: 'alice', labels: { team: 'pay' } })], total: 1, page: 1, size: 20 } };
      return undefined;
    });
    renderPage(<JobsPage />);
    const row = (await screen.findByRole('link', { name: 'settle-orders' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('alice')).toBeInTheDocument();
    expect(within(row).getByText('team=pay')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('combobox', { name: 'label filter' }), 'team=pay,env=prod,');
    await userEvent.type(screen.getByLabelText('owner filter'), 'alice{Enter}');
    await userEvent.type(screen.getByLabelText('target filter'), 'billing{Enter}');

    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/jobs').at(-1);
      expect(last?.query.getAll('label')).toEqual(['team=pay', 'env=prod']);
      expect(last?.query.get('owner')).toBe('alice');
      expect(last?.query.get('target')).toBe('billing');
    });
  });

  it('offers export to everyone and import and clone to operators', async () => {
    mockApi((c) => {
      if (c.path === '/agents') return { body: [] };
      if (c.path === '/jobs') return { body: { items: [aJob()], total: 1, page: 1, size: 20 } };
      return undefined;
    });
    renderPage(<JobsPage />, { user: { username: 'vic', role: 'VIEWER' } });
    await screen.findByRole('link', { name: 'settle-orders' });

    expect(screen.getByRole('button', { name: /export/i })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /import/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'clone settle-orders' })).toBeNull();
  });

  it('exports the jobs the filters match, or only the ticked ones', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/agents') return { body: [] };
      if (c.path === '/jobs')
        return { body: { items: [aJob(), aJob({ id: 8, name: 'rebuild-index' })], total: 2, page: 1, size: 20 } };
      if (c.path === '/jobs/export') return { body: { jobs: [] } };
      return undefined;
    });
    const created = vi.fn(() => 'blob:jobs');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    renderPage(<JobsPage />);
    await screen.findByRole('link', { name: 'settle-orders' });
    await userEvent.type(screen.getByPlaceholderText('Search by name'), 'settle{Enter}');

    await userEvent.click(screen.getByRole('button', { name: /export/i }));
    await userEvent.click(await screen.findByText('as YAML'));
    await waitFor(() => expect(calls.some((c) => c.path === '/jobs/export')).toBe(true));
    const all = calls.filter((c) => c.path === '/jobs/export').at(-1);
    expect(all?.query.get('format')).toBe('yaml');
    expect(all?.query.get('name')).toBe('settle');
    expect(all?.query.getAll('id')).toEqual([]);
    expect(all?.query.get('page')).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: 'select rebuild-index' }));
    await userEvent.click(screen.getByRole('button', { name: /export 1 selected/i }));
    await userEvent.click(await screen.findByText('as JSON'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/jobs/export')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/jobs/export').at(-1)?.query.getAll('id')).toEqual(['8']);
    expect(created).toHaveBeenCalledTimes(2);
  });
});
