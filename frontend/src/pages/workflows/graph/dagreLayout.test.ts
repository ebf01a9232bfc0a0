import { describe, expect, it } from 'vitest';
import type { WorkflowGraph } from '../types';
import { fitView, layoutWorkflow, NODE_HEIGHT, NODE_WIDTH, workflowsOf } from './dagreLayout';

const node = (jobId: number, name = `job-${jobId}`) => ({ jobId, name, schedule: '', enabled: true, status: null });

describe('layoutWorkflow', () => {
  it('places every upstream left of its dependents and keeps the boxes of a layer apart', () => {
    const graph: WorkflowGraph = {
      nodes: [node(1), node(2), node(3), node(4)],
      edges: [
        { from: 1, to: 2 },
        { from: 1, to: 3 },
        { from: 2, to: 4 },
        { from: 3, to: 4 },
      ],
    };
    const { nodes, edges } = layoutWorkflow(graph);
    const at = new Map(nodes.map((n) => [n.id, n]));
    for (const e of edges) expect(at.get(e.from)!.x + NODE_WIDTH).toBeLessThan(at.get(e.to)!.x);
    expect(Math.abs(at.get('2')!.y - at.get('3')!.y)).toBeGreaterThanOrEqual(NODE_HEIGHT);
  });

  it('keeps 50 chained and fanned-out jobs from overlapping', () => {
    const nodes = Array.from({ length: 50 }, (_, i) => node(i + 1));
    // a root, then five branches of nine jobs each, then one job they all lead to
    const edges = [];
    for (let b = 0; b < 5; b++) {
      for (let i = 0; i < 9; i++) {
        const id = 2 + b * 9 + i;
        edges.push({ from: i === 0 ? 1 : id - 1, to: id });
      }
      edges.push({ from: 2 + b * 9 + 8, to: 50 });
    }
    const placed = layoutWorkflow({ nodes, edges }).nodes;
    expect(placed).toHaveLength(50);
    for (const a of placed)
      for (const b of placed)
        if (a !== b) expect(Math.abs(a.x - b.x) >= NODE_WIDTH || Math.abs(a.y - b.y) >= NODE_HEIGHT).toBe(true);
  });

  it('drops an edge to a job it does not draw, and a job waiting on itself', () => {
    const { edges } = layoutWorkflow({ nodes: [node(1), node(2)], edges: [{ from: 1, to: 9 }, { from: 2, to: 2 }, { from: 1, to: 2 }] });
    expect(edges).toEqual([{ from: '1', to: '2' }]);
  });
});

describe('fitView', () => {
  it('keeps both axes at one scale, centred, with every box inside the chart', () => {
    const placed = { nodes: [{ id: '1', x: 100, y: 50 }, { id: '2', x: 1100, y: 50 }, { id: '3', x: 1100, y: 250 }], edges: [], width: 0, height: 0 };
    const view = fitView(placed, 1000, 600, 24);
    expect(view.width / 1000).toBeCloseTo(view.height / 200, 6);
    expect(view.scale).toBeCloseTo(view.width / 1000, 6);
    expect(view.left - (NODE_WIDTH * view.scale) / 2).toBeGreaterThanOrEqual(24 - 1e-6);
    expect(view.left * 2 + view.width).toBeCloseTo(1000, 6);
    expect(view.top * 2 + view.height).toBeCloseTo(600, 6);
  });

  it('gives a single job a box ECharts can divide by', () => {
    const view = fitView({ nodes: [{ id: '1', x: 10, y: 10 }], edges: [], width: 0, height: 0 }, 800, 600, 24);
    expect(view.width).toBeGreaterThan(0);
    expect(view.height).toBeGreaterThan(0);
    expect(view.scale).toBe(1.5);
  });
});

describe('workflowsOf', () => {
  it('splits the department graph into its connected sets, the biggest first, each named after its root', () => {
    const graph: WorkflowGraph = {
      nodes: [node(1, 'load'), node(2, 'report'), node(3, 'extract'), node(4, 'transform'), node(5, 'publish')],
      edges: [
        { from: 1, to: 2 },
        { from: 3, to: 4 },
        { from: 4, to: 5 },
      ],
    };
    const workflows = workflowsOf(graph);
    expect(workflows.map((w) => [w.key, w.name, w.graph.nodes.map((n) => n.name)])).toEqual([
      ['3', 'extract', ['extract', 'transform', 'publish']],
      ['1', 'load', ['load', 'report']],
    ]);
    expect(workflows[1]!.graph.edges).toEqual([{ from: 1, to: 2 }]);
  });
});
