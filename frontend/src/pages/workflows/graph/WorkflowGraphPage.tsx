/**
 * One workflow (a connected set of jobs) as a graph: pick it, zoom, fit and pan. Positions
 * come from dagre (./dagreLayout.ts), the drawing from ECharts; each job's colour is its
 * latest run's status. A click on a job opens its runs.
 */
import { ExpandOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Select, Skeleton, Space, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { QueryError } from '../../../components/QueryError';
import { paths } from '../../../paths';
import { isUnfinished } from '../../executions/types';
import { workflowsApi } from '../api';
import { workflowsOf } from './dagreLayout';
import { WorkflowChart, type ChartHandle } from './WorkflowChart';
import { t } from '../../../i18n';

const BUSY_POLL_MS = 2000;
const QUIET_POLL_MS = 10_000;
const CHART_HEIGHT = 600;

export default function WorkflowGraphPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const chart = useRef<ChartHandle>(null);
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(1000);
  const graph = useQuery({
    queryKey: ['workflows', 'graph'],
    queryFn: ({ signal }) => workflowsApi.graph(signal),
    refetchInterval: (q) => (q.state.data?.nodes.some((n) => n.status && isUnfinished(n.status)) ? BUSY_POLL_MS : QUIET_POLL_MS),
  });
  const workflows = useMemo(() => (graph.data ? workflowsOf(graph.data) : []), [graph.data]);
  // the workflow that holds the job in ?job=, else the biggest
  const wanted = params.get('job');
  const shown =
    workflows.find((w) => w.graph.nodes.some((n) => String(n.jobId) === wanted)) ?? workflows[0];

  useEffect(() => {
    const measure = () => setWidth(box.current?.clientWidth || 1000);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [shown?.key]);

  return (
    <Card title={<Typography.Title level={4} style={{ margin: 0 }}>{t('workflowGraph.title')}</Typography.Title>}
      extra={<Link to={paths.workflows}>{t('workflowGraph.backToWorkflows')}</Link>}>
      {graph.isError && <QueryError error={graph.error} onRetry={() => void graph.refetch()} />}
      {graph.isLoading && <Skeleton active />}
      {graph.data && !shown && (
        <Empty description={<span>{t('workflows.noWorkflows')} <Link to={paths.jobs}>{t('common.jobs')}</Link></span>} />
      )}
      {shown && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap>
            {/* the workflow's name (its first job's) is data, though the option's words are not */}
            <span data-literal={shown.name}>
              <Select
                aria-label={t('workflowGraph.pick')}
                style={{ minWidth: 320 }}
                value={shown.key}
                showSearch
                optionFilterProp="label"
                options={workflows.map((w) => ({
                  value: w.key,
                  label: t('workflowGraph.option', { name: w.name, jobs: w.graph.nodes.length }),
                }))}
                onChange={(key: string) => setParams({ job: key })}
              />
            </span>
            <Tooltip title={t('workflowGraph.zoomIn')}>
              <Button icon={<ZoomInOutlined />} aria-label={t('workflowGraph.zoomIn')} onClick={() => chart.current?.zoom(1.25)} />
            </Tooltip>
            <Tooltip title={t('workflowGraph.zoomOut')}>
              <Button icon={<ZoomOutOutlined />} aria-label={t('workflowGraph.zoomOut')} onClick={() => chart.current?.zoom(0.8)} />
            </Tooltip>
            <Button icon={<ExpandOutlined />} onClick={() => chart.current?.fit()}>{t('workflowGraph.fit')}</Button>
            <Typography.Text type="secondary" data-testid="workflow-graph-summary">
              {t('workflows.graphLabel', { jobs: shown.graph.nodes.length, edges: shown.graph.edges.length })}
            </Typography.Text>
          </Space>
          <Typography.Text type="secondary">{t('workflowGraph.hint')}</Typography.Text>
          <div ref={box} data-testid="workflow-graph-chart">
            <WorkflowChart
              ref={chart}
              key={shown.key}
              graph={shown.graph}
              width={width}
              height={CHART_HEIGHT}
              onOpen={(job) => navigate(`${paths.executions}?jobId=${job.jobId}`)}
            />
          </div>
        </Space>
      )}
    </Card>
  );
}
