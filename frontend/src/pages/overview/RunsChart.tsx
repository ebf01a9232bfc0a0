import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// the ESM build: lib/core is CommonJS, and its default export arrives wrapped in a production build
import ReactEChartsCore from 'echarts-for-react/esm/core';
import dayjs from 'dayjs';
import { STATUS_COLORS, statusLabel } from '../executions/StatusTag';
import { EXECUTION_STATUSES } from '../executions/types';
import type { Bucket } from './types';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Runs per bucket, stacked by status. */
export function RunsChart({ buckets, format }: { buckets: Bucket[]; format: string }) {
  const shown = EXECUTION_STATUSES.filter((s) => buckets.some((b) => (b.counts[s] ?? 0) > 0));
  const option = {
    // redrawn on every refresh: growing bars every few seconds would only distract
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: buckets.map((b) => dayjs(b.start).format(format)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: shown.map((s) => ({
      name: statusLabel(s),
      type: 'bar',
      stack: 'runs',
      itemStyle: { color: STATUS_COLORS[s] },
      data: buckets.map((b) => b.counts[s] ?? 0),
    })),
  };
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 300, width: '100%' }} />;
}
