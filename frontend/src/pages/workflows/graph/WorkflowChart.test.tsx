import { render } from '@testing-library/react';
import { createRef, forwardRef, useImperativeHandle } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STATUS_COLORS } from '../../executions/StatusTag';
import type { WorkflowGraph, WorkflowNode } from '../types';
import { type ChartHandle, WorkflowChart } from './WorkflowChart';

// jsdom draws no canvas: the chart component stands in for ECharts and keeps what it was
// given, and its instance records what the handle asks of it
interface Seen {
  option: {
    tooltip: { formatter: (p: unknown) => string };
    series: { data: { id: string; name: string; job: WorkflowNode; itemStyle: { borderColor: string; opacity: number } }[]; links: { source: string; target: string }[]; zoom?: number }[];
  };
  onEvents: { click: (p: unknown) => void };
}
const seen: { props?: Seen } = {};
const instance = { setOption: vi.fn(), getOption: vi.fn(() => ({ series: [{ zoom: 2 }] })) };

vi.mock('echarts-for-react/esm/core', () => ({
  default: forwardRef(function Chart(props: Seen, ref) {
    seen.props = props;
    useImperativeHandle(ref, () => ({ getEchartsInstance: () => instance }));
    return <div data-testid="chart" />;
  }),
}));

const graph: WorkflowGraph = {
  nodes: [
    { jobId: 1, name: 'extract', schedule: '0 0 2 * * ?', enabled: true, status: 'SUCCEEDED' },
    { jobId: 2, name: '<load>', schedule: '', enabled: false, status: null },
  ],
  edges: [{ from: 1, to: 2 }],
};

describe('WorkflowChart', () => {
  beforeEach(() => {
    instance.setOption.mockClear();
  });

  it('draws each job in its latest run’s colour, a never-run one grey and a disabled one faded, with its edges', () => {
    render(<WorkflowChart graph={graph} width={800} height={400} onOpen={() => {}} />);
    const series = seen.props!.option.series[0]!;
    const byName = new Map(series.data.map((d) => [d.name, d]));
    expect(byName.get('extract')!.itemStyle.borderColor).toBe(STATUS_COLORS.SUCCEEDED);
    expect(byName.get('<load>')!.itemStyle.borderColor).toBe('#d9d9d9');
    expect(byName.get('<load>')!.itemStyle.opacity).toBeLessThan(1);
    expect(series.links).toEqual([{ source: '1', target: '2' }]);
  });

  it('names a job, its status and schedule in the tooltip, escaped, and an edge by its two jobs', () => {
    render(<WorkflowChart graph={graph} width={800} height={400} onOpen={() => {}} />);
    const tooltip = seen.props!.option.tooltip.formatter;
    const load = seen.props!.option.series[0]!.data.find((d) => d.name === '<load>')!;
    expect(tooltip({ dataType: 'node', data: { job: load.job } })).toContain('&#60;load&#62;');
    expect(tooltip({ dataType: 'edge', data: { source: '1', target: '2' } })).toContain('extract');
  });

  it('opens the job clicked, and nothing for a click on an edge', () => {
    const onOpen = vi.fn();
    render(<WorkflowChart graph={graph} width={800} height={400} onOpen={onOpen} />);
    seen.props!.onEvents.click({ dataType: 'edge', data: {} });
    expect(onOpen).not.toHaveBeenCalled();
    const extract = seen.props!.option.series[0]!.data.find((d) => d.name === 'extract')!;
    seen.props!.onEvents.click({ dataType: 'node', data: { job: extract.job } });
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ name: 'extract' }));
  });

  it('fits by drawing the first view again and zooms from the current zoom', () => {
    const handle = createRef<ChartHandle>();
    render(<WorkflowChart ref={handle} graph={graph} width={800} height={400} onOpen={() => {}} />);
    handle.current!.fit();
    expect(instance.setOption).toHaveBeenCalledWith(seen.props!.option, { notMerge: true });
    handle.current!.zoom(1.5);
    expect(instance.setOption).toHaveBeenLastCalledWith({ series: [{ id: 'workflow', zoom: 3 }] });
  });
});
