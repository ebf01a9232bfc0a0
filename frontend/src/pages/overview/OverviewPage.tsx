import { useQuery } from '@tanstack/react-query';
import { Card, Col, List, Row, Segmented, Skeleton, Space, Statistic, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryError } from '../../components/QueryError';
import { formatTime } from '../../format';
import { paths } from '../../paths';
import { StatusTag } from '../executions/StatusTag';
import { OVERVIEW_POLL_MS, overviewApi } from './api';

// echarts is the heaviest dependency: load it only where a chart is drawn.
const RunsChart = lazy(() => import('./RunsChart').then((m) => ({ default: m.RunsChart })));

export default function OverviewPage() {
  const [scale, setScale] = useState<'minute' | 'hour'>('minute');
  const summary = useQuery({
    queryKey: ['overview'],
    queryFn: () => overviewApi.summary(),
    refetchInterval: OVERVIEW_POLL_MS,
  });
  if (summary.isError && !summary.data) return <QueryError error={summary.error} onRetry={() => void summary.refetch()} />;
  const s = summary.data;
  if (!s) return <Skeleton active />;
  const rate = s.successRate === null ? '—' : `${(s.successRate * 100).toFixed(1)}`;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Card>
            <Statistic title="Success rate (24 h)" value={rate} suffix={s.successRate === null ? undefined : '%'} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card>
            <Link to={`${paths.executions}?status=RUNNING`}>
              <Statistic title="Running now" value={s.runningNow} />
            </Link>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card>
            <Link to={paths.agents}>
              <Statistic
                title="Agents alive"
                value={s.agentsAlive ?? '—'}
                suffix={s.agentsTotal === null ? undefined : `/ ${s.agentsTotal}`}
              />
            </Link>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card>
            <Statistic
              title="Failed / timed out (24 h)"
              value={(s.totals24h.FAILED ?? 0) + (s.totals24h.TIMED_OUT ?? 0)}
              valueStyle={(s.totals24h.FAILED ?? 0) + (s.totals24h.TIMED_OUT ?? 0) > 0 ? { color: '#cf1322' } : undefined}
            />
          </Card>
        </Col>
      </Row>
      <Card
        title={scale === 'minute' ? 'Runs per minute (last hour)' : 'Runs per hour (last 24 h)'}
        extra={
          <Segmented
            value={scale}
            onChange={(v) => setScale(v as 'minute' | 'hour')}
            options={[
              { label: 'Minute', value: 'minute' },
              { label: 'Hour', value: 'hour' },
            ]}
          />
        }
      >
        <Suspense fallback={<Skeleton active />}>
          <RunsChart buckets={scale === 'minute' ? s.perMinute : s.perHour} format={scale === 'minute' ? 'HH:mm' : 'DD HH:00'} />
        </Suspense>
        {s.sampled.total > s.sampled.used && (
          <Typography.Text type="secondary">
            Drawn from the latest {s.sampled.used} of {s.sampled.total} runs of the last 24 h.
          </Typography.Text>
        )}
      </Card>
      <Card title="Recent failures" extra={<Link to={`${paths.executions}?status=FAILED`}>All failures</Link>}>
        <List
          dataSource={s.recentFailures}
          locale={{ emptyText: 'No failures' }}
          renderItem={(e) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <Space wrap>
                    <StatusTag status={e.status} />
                    <Link to={paths.job(e.jobId)}>{e.jobName ?? e.jobId}</Link>
                    <Link to={paths.execution(e.id)}>#{e.id}</Link>
                  </Space>
                }
                description={
                  <Space direction="vertical" size={0}>
                    <span>{formatTime(e.scheduledAt)}</span>
                    {e.error && (
                      <Typography.Text type="danger" ellipsis style={{ maxWidth: '100%' }}>
                        {e.error}
                      </Typography.Text>
                    )}
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      </Card>
    </Space>
  );
}
