import { screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { forwardRef, useImperativeHandle } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mockApi';
import { renderPage } from '../../../test/render';
import type { WorkflowGraph, WorkflowNode } from '../types';
import WorkflowGraphPage from './WorkflowGraphPage';

const calls: string[] = [];

// ECharts draws on a canvas jsdom lacks; the stand-in lists the jobs it was given and takes the page's zoom and fit.
vi.mock('./WorkflowChart', () => ({
  WorkflowChart: forwardRef(function Chart(
    { graph, onOpen }: { graph: WorkflowGraph; onOpen: (n: WorkflowNode) => void },
    ref,
  ) {
    useImperativeHandle(ref, () => ({ fit: () => calls.push('fit'), zoom: (f: number) => calls.push(`zoom ${f}`) }));
    return (
      <div data-testid="chart">
        {graph.nodes.map((n) => (
          <button key={n.jobId} onClick={() => onOpen(n)}>{`${n.name} ${n.status ?? 'NONE'}`}</button>
        ))}
      </div>
    );
  }),
}));

const userEvent = userEventLib.setup({ delay: null });
const node = (jobId: number, name: string, status: WorkflowNode['status'] = 'SUCCEEDED') => ({ jobId, name, schedule: '', enabled: true, status });

const graph: WorkflowGraph = {
  nodes: [node(1, 'load'), node(2, 'report', 'FAILED'), node(3, 'extract'), node(4, 'transform'), node(5, 'publish', null)],
  edges: [
    { from: 1, to: 2 },
    { from: 3, to: 4 },
    { from: 4, to: 5 },
  ],
};

describe('WorkflowGraphPage', () => {
  it('shows the biggest workflow first, switches to the one picked, and zooms and fits it', async () => {
    mockApi((c) => (c.path === '/workflows' ? { body: graph } : undefined));
    renderPage(<WorkflowGraphPage />, { at: '/workflows/graph' });

    const chart = await screen.findByTestId('chart');
    expect(within(chart).getAllByRole('button').map((b) => b.textContent)).toEqual(['extract SUCCEEDED', 'transform SUCCEEDED', 'publish NONE']);
    expect(screen.getByTestId('workflow-graph-summary')).toHaveTextContent('Dependency graph: 3 jobs, 2 dependencies');

    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    await userEvent.click(screen.getByRole('button', { name: /Fit/ }));
    expect(calls).toEqual(['zoom 1.25', 'fit']);

    await userEvent.click(screen.getByRole('combobox', { name: 'Workflow' }));
    await userEvent.click(await screen.findByText('load (2 jobs)'));
    expect(within(await screen.findByTestId('chart')).getAllByRole('button').map((b) => b.textContent)).toEqual(['load SUCCEEDED', 'report FAILED']);
  });

  it('opens the workflow that holds the job named in the address', async () => {
    mockApi((c) => (c.path === '/workflows' ? { body: graph } : undefined));
    renderPage(<WorkflowGraphPage />, { at: '/workflows/graph?job=2' });

    const chart = await screen.findByTestId('chart');
    expect(within(chart).getByText('report FAILED')).toBeInTheDocument();
  });

  it('says so when no job depends on another', async () => {
    mockApi((c) => (c.path === '/workflows' ? { body: { nodes: [], edges: [] } } : undefined));
    renderPage(<WorkflowGraphPage />, { at: '/workflows/graph' });

    expect(await screen.findByText(/No job depends on another yet/)).toBeInTheDocument();
  });
});
