/**
 * One workflow drawn with ECharts' graph series at the positions dagre gave: boxes coloured
 * by each job's latest run, arrows from upstream to dependent. The wheel zooms, a drag
 * pans; the page's buttons zoom and fit through the handle.
 */
import { GraphChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// the ESM build: lib/core is CommonJS, and its default export arrives wrapped in a production build
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { forwardRef, useImperativeHandle, useMemo, useRef } from 'react';
import { STATUS_COLORS, statusLabel } from '../../executions/StatusTag';
import type { WorkflowGraph, WorkflowNode } from '../types';
import { fitView, layoutWorkflow, NODE_HEIGHT, NODE_WIDTH } from './dagreLayout';
import { t } from '../../../i18n';

echarts.use([GraphChart, TooltipComponent, CanvasRenderer]);

/** A job that never ran. */
const NEVER_RAN = '#d9d9d9';
const EDGE = '#8c8c8c';
const PADDING = 24;
const SERIES = 'workflow';

export interface ChartHandle {
  /** The whole workflow in view again, as first drawn. */
  fit: () => void;
  /** Zooms in (factor above 1) or out around the view's centre. */
  zoom: (factor: number) => void;
}

interface Props {
  graph: WorkflowGraph;
  width: number;
  height: number;
  onOpen: (node: WorkflowNode) => void;
}

export const WorkflowChart = forwardRef<ChartHandle, Props>(function WorkflowChart({ graph, width, height, onOpen }, ref) {
  const chart = useRef<ReactEChartsCore>(null);
  const option = useMemo(() => {
    const placed = layoutWorkflow(graph);
    const byId = new Map(graph.nodes.map((n) => [String(n.jobId), n]));
    const view = fitView(placed, width, height, PADDING);
    const scale = view.scale;
    const fontSize = Math.max(9, Math.min(14, 12 * scale));
    return {
      animation: false,
      tooltip: {
        formatter: (p: { dataType: string; data: { job?: WorkflowNode; source?: string; target?: string } }) => {
          const job = p.data.job;
          if (!job) return t('workflows.edgeTitle', { from: byId.get(p.data.source!)?.name ?? '', to: byId.get(p.data.target!)?.name ?? '' });
          const status = job.status ? statusLabel(job.status) : t('workflows.neverRan');
          return `${escape(job.name)}<br/>${status} · ${escape(job.schedule || t('workflows.afterUpstreams'))}`;
        },
      },
      series: [
        {
          id: SERIES,
          type: 'graph',
          layout: 'none',
          roam: true,
          // zooming scales the boxes with the distances, so they never overlap
          nodeScaleRatio: 1,
          // the box of the node centres, the layout's own proportions (fitView)
          left: view.left,
          top: view.top,
          width: view.width,
          height: view.height,
          symbol: 'roundRect',
          symbolSize: [NODE_WIDTH * scale, NODE_HEIGHT * scale],
          edgeSymbol: ['none', 'arrow'],
          edgeSymbolSize: Math.max(4, 10 * scale),
          label: { show: true, fontSize, color: '#1f1f1f', overflow: 'truncate', width: NODE_WIDTH * scale - 8 },
          lineStyle: { color: EDGE, width: 1.5, curveness: 0 },
          emphasis: { focus: 'adjacency' },
          data: placed.nodes.map((p) => {
            const job = byId.get(p.id)!;
            const colour = job.status ? STATUS_COLORS[job.status] : NEVER_RAN;
            return {
              id: p.id,
              name: job.name,
              x: p.x,
              y: p.y,
              job,
              itemStyle: { color: '#fff', borderColor: colour, borderWidth: Math.max(2, 3 * scale), opacity: job.enabled ? 1 : 0.6 },
            };
          }),
          links: placed.edges.map((e) => ({ source: e.from, target: e.to })),
        },
      ],
    };
  }, [graph, width, height]);

  useImperativeHandle(ref, () => ({
    fit: () => chart.current?.getEchartsInstance().setOption(option, { notMerge: true }),
    zoom: (factor: number) => {
      const instance = chart.current?.getEchartsInstance();
      if (!instance) return;
      const series = (instance.getOption() as { series?: { zoom?: number }[] }).series?.[0];
      instance.setOption({ series: [{ id: SERIES, zoom: (series?.zoom ?? 1) * factor }] });
    },
  }), [option]);

  return (
    <ReactEChartsCore
      ref={chart}
      echarts={echarts}
      option={option}
      notMerge
      style={{ height, width: '100%' }}
      onEvents={{ click: (p: { dataType?: string; data?: { job?: WorkflowNode } }) => p.dataType === 'node' && p.data?.job && onOpen(p.data.job) }}
    />
  );
});

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
