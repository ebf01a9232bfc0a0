import { describe, expect, it } from 'vitest';
import { layerRows, layersOf, layoutGraph, type LayoutInput } from './layout';

const graph = (names: string[], edges: [string, string][]): LayoutInput => ({
  nodes: names.map((n) => ({ id: n, name: n })),
  edges: edges.map(([from, to]) => ({ from, to })),
});

const layersByName = (input: LayoutInput) => Object.fromEntries(layersOf(input));

describe('workflow layers', () => {
  it('puts a chain one layer after another', () => {
    expect(layersByName(graph(['report', 'load', 'reconcile'], [['load', 'reconcile'], ['reconcile', 'report']]))).toEqual({
      load: 0,
      reconcile: 1,
      report: 2,
    });
  });

  it('takes the longest path from a root, not the shortest', () => {
    // publish waits on load directly and through reconcile: it goes after reconcile
    const input = graph(['load', 'reconcile', 'publish'], [['load', 'reconcile'], ['reconcile', 'publish'], ['load', 'publish']]);
    expect(layersByName(input)).toEqual({ load: 0, reconcile: 1, publish: 2 });
  });

  it('starts every root at the left, also of separate graphs, and joins fan-in after its furthest upstream', () => {
    const input = graph(
      ['a', 'b', 'c', 'x', 'y', 'join'],
      [['a', 'b'], ['b', 'c'], ['x', 'join'], ['c', 'join'], ['y', 'join']],
    );
    expect(layersByName(input)).toEqual({ a: 0, x: 0, y: 0, b: 1, c: 2, join: 3 });
  });

  it('ignores edges to jobs not in the graph and places a cycle instead of looping', () => {
    expect(layersByName(graph(['a', 'b'], [['a', 'b'], ['gone', 'a']]))).toEqual({ a: 0, b: 1 });
    const cyclic = layersByName(graph(['root', 'p', 'q'], [['root', 'p'], ['p', 'q'], ['q', 'p']]));
    expect(cyclic.root).toBe(0);
    expect(Object.keys(cyclic).sort()).toEqual(['p', 'q', 'root']);
  });

  it('orders a layer by where the upstreams stand, then by name', () => {
    const input = graph(['b-root', 'a-root', 'from-b', 'from-a'], [['a-root', 'from-a'], ['b-root', 'from-b']]);
    expect(layerRows(input, layersOf(input))).toEqual([
      ['a-root', 'b-root'],
      ['from-a', 'from-b'],
    ]);
  });
});

describe('workflow drawing', () => {
  const box = { width: 100, height: 40, gapX: 50, gapY: 10 };

  it('lays layers out left to right and centres a shorter layer', () => {
    const layout = layoutGraph(graph(['load', 'left', 'right'], [['load', 'left'], ['load', 'right']]), box);
    expect(layout.width).toBe(250);
    expect(layout.height).toBe(90);
    const at = Object.fromEntries(layout.nodes.map((n) => [n.id, [n.x, n.y]]));
    expect(at).toEqual({ load: [0, 25], left: [150, 0], right: [150, 50] });
  });

  it('draws each edge from the upstream right side to the dependent left side', () => {
    const layout = layoutGraph(graph(['load', 'reconcile'], [['load', 'reconcile']]), box);
    expect(layout.edges).toEqual([{ from: 'load', to: 'reconcile', path: 'M 100 20 C 125 20, 125 20, 150 20' }]);
  });

  it('draws nothing for no jobs', () => {
    expect(layoutGraph({ nodes: [], edges: [] }, box)).toEqual({ nodes: [], edges: [], width: 0, height: 0 });
  });
});
