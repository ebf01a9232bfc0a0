import { describe, expect, it } from 'vitest';
import type { WorkflowGraph } from '../types';
import { layoutWorkflow, NODE_HEIGHT, NODE_WIDTH, workflowsOf } from './dagreLayout';

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
