import { HeatmapChart } from 'echarts/charts';
import { GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// the ESM build: lib/core is CommonJS, and its default export arrives wrapped in a production build
import ReactEChartsCore from 'echarts-for-react/esm/core';
import dayjs from 'dayjs';
import type { Cell, Grid } from './grid';
import { t } from '../../i18n';

echarts.use([HeatmapChart, GridComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

/** Fires per bucket as a heat map; clicking a cell picks its bucket. */
export function UpcomingHeatmap({ grid, onPick }: { grid: Grid; onPick: (start: string) => void }) {
  const option = {
    animation: false,
    tooltip: {
      formatter: (p: { data: [number, number, number, string] }) =>
        `${dayjs(p.data[3]).format('ddd YYYY-MM-DD HH:mm')}<br/>${t('upcoming.countFires', { count: p.data[2] })}`,
    },
    grid: { left: 90, right: 16, top: 8, bottom: 70 },
    xAxis: { type: 'category', data: grid.columns },
    yAxis: { type: 'category', data: grid.rows, inverse: true },
    visualMap: {
      // the fires; without it the last dimension (the bucket's start) would be read
      dimension: 2,
      min: 0,
      max: Math.max(1, grid.max),
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      inRange: { color: ['#f5f5f5', '#91caff', '#1677ff', '#fa8c16', '#cf1322'] },
    },
    series: [
      {
        type: 'heatmap',
        data: grid.cells.map((c: Cell) => [c.column, c.row, c.fires, c.start]),
        itemStyle: { borderColor: '#fff', borderWidth: 0.5 },
        emphasis: { itemStyle: { borderColor: '#000', borderWidth: 1 } },
      },
    ],
  };
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      onEvents={{ click: (p: { data: [number, number, number, string] }) => onPick(p.data[3]) }}
      style={{ height: Math.max(320, grid.rows.length * 22 + 90), width: '100%' }}
    />
  );
}
