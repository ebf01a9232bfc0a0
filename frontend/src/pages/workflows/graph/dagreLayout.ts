/**
 * The workflow graph page's layout: node positions from dagre (a maintained layered
 * layout: longest-path ranks, crossing reduction, coordinate assignment) rather than the
 * hand layout of ../layout.ts, and the workflows of a department as its connected sets
 * of jobs.
 */
import { Graph, layout } from '@dagrejs/dagre';
import type { WorkflowGraph, WorkflowNode } from '../types';

/** One node's box: wide enough for a job name and its status, at 50 nodes still apart. */
export const NODE_WIDTH = 180;
export const NODE_HEIGHT = 44;

export interface PlacedNode {
  id: string;
  /** The box's centre, left to right along the dependencies. */
  x: number;
  y: number;
}

export interface GraphLayout {
  nodes: PlacedNode[];
  edges: { from: string; to: string }[];
  width: number;
  height: number;
}

/** Places the jobs left to right; an edge to a job not in the graph, or to itself, is dropped. */
export function layoutWorkflow(graph: WorkflowGraph): GraphLayout {
  const g = new Graph();
  g.setGraph({ rankdir: 'LR', nodesep: 16, ranksep: 72, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of graph.nodes) g.setNode(String(n.jobId), { width: NODE_WIDTH, height: NODE_HEIGHT });
  const edges = graph.edges
    .map((e) => ({ from: String(e.from), to: String(e.to) }))
    .filter((e) => e.from !== e.to && g.hasNode(e.from) && g.hasNode(e.to));
  for (const e of edges) g.setEdge(e.from, e.to);
  layout(g);
  const size = g.graph();
  return {
    nodes: g.nodes().map((id) => ({ id, x: g.node(id).x, y: g.node(id).y })),
    edges,
    width: size.width ?? 0,
    height: size.height ?? 0,
  };
}

/** Where the node centres go in the chart, in pixels, and the one scale of both axes. */
export interface View {
  scale: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The whole layout in a chart of the given size, the same scale on both axes and centred.
 * ECharts stretches the node centres over the box it is given, each axis on its own, and
 * sizes the boxes by one axis only: a box of the layout's own proportions keeps them true.
 */
export function fitView(placed: GraphLayout, width: number, height: number, padding: number): View {
  const xs = placed.nodes.map((n) => n.x);
  const ys = placed.nodes.map((n) => n.y);
  const spanX = xs.length ? Math.max(...xs) - Math.min(...xs) : 0;
  const spanY = ys.length ? Math.max(...ys) - Math.min(...ys) : 0;
  const scale = Math.min((width - 2 * padding) / (spanX + NODE_WIDTH), (height - 2 * padding) / (spanY + NODE_HEIGHT), 1.5);
  // a span of 0 (one layer, or one job per layer) still needs a box ECharts can divide by
  const boxWidth = Math.max(spanX * scale, 1);
  const boxHeight = Math.max(spanY * scale, 1);
  return { scale, left: (width - boxWidth) / 2, top: (height - boxHeight) / 2, width: boxWidth, height: boxHeight };
}

/** A workflow: a connected set of jobs, named after its first root (a job without upstreams). */
export interface Workflow {
  /** The job id of its first root by name: stable while the workflow keeps that job. */
  key: string;
  name: string;
  graph: WorkflowGraph;
}

/** The department's graph split into its workflows, the biggest first, then by name. */
export function workflowsOf(graph: WorkflowGraph): Workflow[] {
  const parent = new Map<string, string>(graph.nodes.map((n) => [String(n.jobId), String(n.jobId)]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  for (const e of graph.edges) {
    const a = String(e.from);
    const b = String(e.to);
    if (parent.has(a) && parent.has(b)) parent.set(find(a), find(b));
  }
  const sets = new Map<string, WorkflowNode[]>();
  for (const n of graph.nodes) {
    const root = find(String(n.jobId));
    sets.set(root, [...(sets.get(root) ?? []), n]);
  }
  const withUpstream = new Set(graph.edges.map((e) => String(e.to)));
  return [...sets.values()]
    .map((nodes) => {
      const ids = new Set(nodes.map((n) => String(n.jobId)));
      const byName = [...nodes].sort((a, b) => a.name.localeCompare(b.name));
      const first = byName.find((n) => !withUpstream.has(String(n.jobId))) ?? byName[0]!;
      return {
        key: String(first.jobId),
        name: first.name,
        graph: { nodes, edges: graph.edges.filter((e) => ids.has(String(e.from)) && ids.has(String(e.to))) },
      };
    })
    .sort((a, b) => b.graph.nodes.length - a.graph.nodes.length || a.name.localeCompare(b.name));
}
