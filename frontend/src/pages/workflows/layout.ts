/**
 * Where each job of the dependency graph goes when drawn left to right: a job's layer is the
 * longest path to it from a root (a job without upstreams), so every edge points rightwards
 * and a job stands right of all its upstreams. Within a layer, jobs are ordered by where
 * their upstreams stand (fewer crossing edges), then by name.
 */

export interface LayoutInput {
  nodes: { id: string; name: string }[];
  edges: { from: string; to: string }[];
}

export interface Placed {
  id: string;
  layer: number;
  /** Position in its layer, from the top. */
  row: number;
  x: number;
  y: number;
}

export interface Layout {
  nodes: Placed[];
  /** The edges between placed jobs, from the upstream's right side to the dependent's left. */
  edges: { from: string; to: string; path: string }[];
  width: number;
  height: number;
}

export interface Box {
  width: number;
  height: number;
  /** Between layers and between the jobs of a layer. */
  gapX: number;
  gapY: number;
}

export const NODE_BOX: Box = { width: 280, height: 92, gapX: 64, gapY: 24 };

/**
 * Each job's layer: 0 for a root, else one more than its furthest upstream. The graph is
 * acyclic (the server refuses a cycle); should one come anyway, its jobs are put right of
 * everything they do not wait on in it rather than never placed.
 */
export function layersOf({ nodes, edges }: LayoutInput): Map<string, number> {
  const ids = new Set(nodes.map((n) => n.id));
  const upstreams = new Map<string, string[]>(nodes.map((n) => [n.id, []]));
  const downstreams = new Map<string, string[]>(nodes.map((n) => [n.id, []]));
  for (const e of edges) {
    if (!ids.has(e.from) || !ids.has(e.to) || e.from === e.to) continue;
    upstreams.get(e.to)!.push(e.from);
    downstreams.get(e.from)!.push(e.to);
  }
  const layer = new Map<string, number>();
  const waitingOn = new Map<string, number>(nodes.map((n) => [n.id, upstreams.get(n.id)!.length]));
  // Kahn's order: a job is placed once all its upstreams are
  const ready = nodes.filter((n) => waitingOn.get(n.id) === 0).map((n) => n.id);
  while (ready.length > 0) {
    const id = ready.shift()!;
    const ups = upstreams.get(id)!;
    layer.set(id, ups.length === 0 ? 0 : Math.max(...ups.map((u) => layer.get(u)!)) + 1);
    for (const down of downstreams.get(id)!) {
      const left = waitingOn.get(down)! - 1;
      waitingOn.set(down, left);
      if (left === 0) ready.push(down);
    }
  }
  for (const n of nodes) {
    if (layer.has(n.id)) continue;
    const placed = upstreams.get(n.id)!.flatMap((u) => (layer.has(u) ? [layer.get(u)!] : []));
    layer.set(n.id, placed.length ? Math.max(...placed) + 1 : 0);
  }
  return layer;
}

/** The jobs of each layer in drawing order, top to bottom. */
export function layerRows(input: LayoutInput, layer: Map<string, number>): string[][] {
  const depth = Math.max(-1, ...layer.values()) + 1;
  const rows: string[][] = Array.from({ length: depth }, () => []);
  const name = new Map(input.nodes.map((n) => [n.id, n.name]));
  const row = new Map<string, number>();
  const ups = new Map<string, string[]>(input.nodes.map((n) => [n.id, []]));
  for (const e of input.edges) ups.get(e.to)?.push(e.from);
  for (let l = 0; l < depth; l++) {
    const ids = input.nodes.map((n) => n.id).filter((id) => layer.get(id) === l);
    // the mean row of the upstreams already placed; a root keeps its name's order
    const weight = (id: string) => {
      const placed = ups.get(id)!.filter((u) => row.has(u)).map((u) => row.get(u)!);
      return placed.length ? placed.reduce((a, b) => a + b, 0) / placed.length : -1;
    };
    ids.sort((a, b) => weight(a) - weight(b) || name.get(a)!.localeCompare(name.get(b)!));
    ids.forEach((id, i) => row.set(id, i));
    rows[l] = ids;
  }
  return rows;
}

/** The whole drawing: each job's box, centred in the height of the tallest layer, and the edges' curves. */
export function layoutGraph(input: LayoutInput, box: Box = NODE_BOX): Layout {
  const rows = layerRows(input, layersOf(input));
  const tallest = Math.max(0, ...rows.map((r) => r.length));
  const height = tallest === 0 ? 0 : tallest * box.height + (tallest - 1) * box.gapY;
  const width = rows.length === 0 ? 0 : rows.length * box.width + (rows.length - 1) * box.gapX;
  const nodes: Placed[] = rows.flatMap((ids, layer) => {
    const own = ids.length * box.height + (ids.length - 1) * box.gapY;
    const top = (height - own) / 2;
    return ids.map((id, row) => ({ id, layer, row, x: layer * (box.width + box.gapX), y: top + row * (box.height + box.gapY) }));
  });
  const at = new Map(nodes.map((n) => [n.id, n]));
  const edges = input.edges.flatMap((e) => {
    const a = at.get(e.from);
    const b = at.get(e.to);
    if (!a || !b || e.from === e.to) return [];
    const x1 = a.x + box.width;
    const y1 = a.y + box.height / 2;
    const x2 = b.x;
    const y2 = b.y + box.height / 2;
    const bend = Math.max(box.gapX / 2, (x2 - x1) / 2);
    return [{ from: e.from, to: e.to, path: `M ${x1} ${y1} C ${x1 + bend} ${y1}, ${x2 - bend} ${y2}, ${x2} ${y2}` }];
  });
  return { nodes, edges, width, height };
}
