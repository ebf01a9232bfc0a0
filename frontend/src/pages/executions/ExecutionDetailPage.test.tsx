import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anExecution } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import ExecutionDetailPage from './ExecutionDetailPage';

describe('ExecutionDetailPage', () => {
  it('says which run released a workflow run member and shows the whole workflow run as a tree', async () => {
    mockApi((c) => {
      if (c.path === '/executions/11')
        return { body: anExecution({ id: 11, jobId: 5, jobName: 'reconcile', trigger: 'DEPENDENCY', releasedBy: 10, rootId: 10 }) };
      if (c.path === '/executions/11/tree')
        return {
          body: {
            id: 10, jobId: 4, jobName: 'load', status: 'SUCCEEDED', trigger: 'MANUAL',
            children: [
              {
                id: 11, jobId: 5, jobName: 'reconcile', status: 'SUCCEEDED', trigger: 'DEPENDENCY',
                children: [{ id: 12, jobId: 6, jobName: 'report', status: 'WAITING', trigger: 'DEPENDENCY', children: [] }],
              },
            ],
          },
        };
      return undefined;
    });
    renderPage(<ExecutionDetailPage />, { at: '/executions/11', path: '/executions/:id' });

    const released = (await screen.findByText('Released by')).closest('th')!.nextElementSibling as HTMLElement;
    expect(within(released).getByRole('link', { name: '#10' })).toHaveAttribute('href', '/executions/10');
    const root = screen.getByText('Workflow run started by').closest('th')!.nextElementSibling as HTMLElement;
    expect(within(root).getByRole('link', { name: '#10' })).toHaveAttribute('href', '/executions/10');
    const tree = await screen.findByRole('tree');
    expect(within(tree).getAllByTestId('run-tree-node').map((n) => n.dataset.status)).toEqual(['SUCCEEDED', 'SUCCEEDED', 'WAITING']);
    expect(within(tree).getByRole('link', { name: '#10' })).toHaveAttribute('href', '/executions/10');
    // the run looked at is marked, not linked to itself
    expect(within(tree).queryByRole('link', { name: '#11' })).toBeNull();
    expect(within(tree).getByText('Waiting')).toBeInTheDocument();
  });

  it('shows no workflow run for a run of its own', async () => {
    const calls = mockApi((c) => (c.path === '/executions/901' ? { body: anExecution() } : undefined));
    renderPage(<ExecutionDetailPage />, { at: '/executions/901', path: '/executions/:id' });

    await screen.findByText('Execution #901');
    expect(screen.queryByText('Released by')).toBeNull();
    expect(screen.queryByRole('tree')).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/tree'))).toBe(false);
  });
});
