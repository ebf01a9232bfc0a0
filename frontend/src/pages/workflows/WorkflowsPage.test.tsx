import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import type { WorkflowGraph, WorkflowRun } from './types';
import WorkflowsPage from './WorkflowsPage';

const userEvent = userEventLib.setup({ delay: null });

const graph: WorkflowGraph = {
  nodes: [
    { jobId: 4, name: 'load', schedule: '0 0 1 * * ?', enabled: true, status: 'SUCCEEDED', executionId: 10 },
    { jobId: 5, name: 'reconcile', schedule: '', enabled: true, status: 'FAILED', executionId: 11 },
    { jobId: 6, name: 'report', schedule: '', enabled: true, status: null, executionId: null },
  ],
  edges: [
    { from: 4, to: 5 },
    { from: 5, to: 6 },
  ],
};

const history: WorkflowRun[] = [
  {
    rootId: 10, rootJobId: 4, rootJobName: 'load', startedAt: '2026-11-26T01:00:00Z', finishedAt: '2026-11-26T01:00:09Z', status: 'FAILED', runs: 2, succeeded: 1, failed: 1,
    error: 'a run in it did not succeed; what depends on it did not run',
    reason: { code: 'WORKFLOW_RUN_NOT_SUCCEEDED', params: {}, text: 'a run in it did not succeed; what depends on it did not run' },
  },
];

function backend() {
  return mockApi((c) => {
    if (c.path === '/workflows') return { body: graph };
    if (c.path === '/workflows/runs') return { body: history };
    if (c.path === '/executions/10/tree')
      return {
        body: {
          id: 10, jobId: 4, jobName: 'load', status: 'SUCCEEDED', trigger: 'MANUAL',
          children: [{ id: 11, jobId: 5, jobName: 'reconcile', status: 'FAILED', trigger: 'DEPENDENCY', children: [] }],
        },
      };
    if (c.method === 'POST' && c.path === '/jobs/4/run') return { status: 202, body: { executionId: 20, workflowRunId: 3 } };
    return undefined;
  });
}

describe('WorkflowsPage', () => {
  it('draws each job in its layer, coloured by its latest run, with an arrow per dependency', async () => {
    backend();
    renderPage(<WorkflowsPage />, { at: '/workflows' });

    const nodes = await screen.findAllByTestId('workflow-node');
    expect(nodes.map((n) => [n.dataset.name, n.dataset.status])).toEqual([
      ['load', 'SUCCEEDED'],
      ['reconcile', 'FAILED'],
      ['report', 'NONE'],
    ]);
    // left to right along the chain
    const left = nodes.map((n) => parseFloat(n.style.left));
    expect(left[0]).toBeLessThan(left[1]!);
    expect(left[1]).toBeLessThan(left[2]!);
    expect(within(nodes[2]!).getByText('never ran')).toBeInTheDocument();
    expect(within(nodes[1]!).getByText('after its upstreams')).toBeInTheDocument();
    const edges = screen.getAllByTestId('workflow-edge');
    expect(edges.map((e) => `${e.dataset.from}->${e.dataset.to}`)).toEqual(['load->reconcile', 'reconcile->report']);
    expect(edges[0]).toHaveAttribute('marker-end', 'url(#workflow-arrow)');
  });

  it('runs a job with its dependents, or alone', async () => {
    const calls = backend();
    renderPage(<WorkflowsPage />, { at: '/workflows' });

    await userEvent.click(await screen.findByRole('button', { name: 'Run load with dependents' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ withDependents: true });

    await userEvent.click(screen.getByRole('button', { name: 'Run load alone' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]!.body).toEqual({});
  });

  it('opens a job runs on a click on it', async () => {
    backend();
    renderPage(<WorkflowsPage />, { at: '/workflows', path: '/workflows', extraRoutes: { '/executions': <p>runs page</p> } });

    expect(await screen.findByRole('link', { name: 'reconcile' })).toHaveAttribute('href', '/executions?jobId=5');
    await userEvent.click(screen.getByRole('link', { name: 'reconcile' }));
    expect(await screen.findByText('runs page')).toBeInTheDocument();
  });

  it('offers no run to a viewer', async () => {
    backend();
    renderPage(<WorkflowsPage />, { at: '/workflows', user: { username: 'vic', role: 'VIEWER' } });

    await screen.findAllByTestId('workflow-node');
    expect(screen.queryByRole('button', { name: /with dependents/ })).toBeNull();
  });

  it("words a workflow run's error in Chinese", async () => {
    backend();
    renderPage(<WorkflowsPage />, { at: '/workflows', lang: 'zh-CN' });

    const row = (await screen.findByRole('link', { name: '#10' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('其中有运行未成功；依赖它的任务没有运行')).toBeInTheDocument();
  });

  it('lists the workflow runs, each unfolding to its tree of runs', async () => {
    backend();
    renderPage(<WorkflowsPage />, { at: '/workflows' });

    const row = (await screen.findByRole('link', { name: '#10' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('2 runs')).toBeInTheDocument();
    expect(within(row).getByText('1 succeeded')).toBeInTheDocument();
    expect(within(row).getByText('1 failed')).toBeInTheDocument();
    expect(within(row).getByText('a run in it did not succeed; what depends on it did not run')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /expand/i }));

    const tree = await screen.findByRole('tree');
    await waitFor(() => expect(within(tree).getAllByTestId('run-tree-node')).toHaveLength(2));
    expect(within(tree).getByRole('link', { name: '#11' })).toHaveAttribute('href', '/executions/11');
  });
});
