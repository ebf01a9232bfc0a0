import { useQuery } from '@tanstack/react-query';
import { Card, Col, List, Row, Segmented, Skeleton, Space, Statistic, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryError } from '../../components/QueryError';
import { formatMillis, formatTime } from '../../format';
import { paths } from '../../paths';
import { StatusTag } from '../executions/StatusTag';
import { OVERVIEW_POLL_MS, overviewApi } from './api';

// echarts is the heaviest dependency: load it only where a chart is drawn.
const RunsChart = lazy(() => import('./RunsChart').then((m) => ({ default: m.RunsChart })));

type Scale = 'minute' | 'hour' | 'day';
const SCALES: Record<Scale, { title: string; format: string }> = {
  minute: { title: 'Runs per minute (last hour)', format: 'HH:mm' },
  hour: { title: 'Runs per hour (last 24 h)', format: 'DD HH:00' },
  day: { title: 'Runs per day (last 30 days, UTC)', format: 'MM-DD' },
};

export default function OverviewPage() {
  const [scale, setScale] = useState<Scale>('minute');
  const summary = useQuery({
    queryKey: ['overview'],
    queryFn: ({ signal }) => overviewApi.summary(signal),
    refetchInterval: OVERVIEW_POLL_MS,
  });
  if (summary.isError && !summary.data) return <QueryError error={summary.error} onRetry={() => void summary.refetch()} />;
  const s = summary.data;
  if (!s) return <Skeleton active />;
  const hasRate = s.successRate !== null && s.successRate !== undefined;
  const rate = hasRate ? `${(s.successRate! * 100).toFixed(1)}` : '—';
  const failed = (s.last24h.FAILED ?? 0) + (s.last24h.TIMED_OUT ?? 0);
  const buckets = scale === 'minute' ? s.perMinute : scale === 'hour' ? s.perHour : s.perDay;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Card>
            <Statistic title="Success rate (24 h)" value={rate} suffix={hasRate ? '%' : undefined} />
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
                value={s.agentsAlive}
                valueStyle={s.agentsAlive === 0 ? { color: '#cf1322' } : undefined}
              />
            </Link>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card>
            <Statistic title="Failed / timed out (24 h)" value={failed} valueStyle={failed > 0 ? { color: '#cf1322' } : undefined} />
          </Card>
        </Col>
      </Row>
      <Card
        title={SCALES[scale].title}
        extra={
          <Segmented
            value={scale}
            onChange={(v) => setScale(v as Scale)}
            options={[
              { label: 'Minute', value: 'minute' },
              { label: 'Hour', value: 'hour' },
              { label: 'Day', value: 'day' },
            ]}
          />
        }
      >
        <Suspense fallback={<Skeleton active />}>
          <RunsChart buckets={buckets} format={SCALES[scale].format} />
        </Suspense>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card title="Trigger lateness (last hour)">
            <Row gutter={8}>
              {(['p50Ms', 'p95Ms', 'p99Ms'] as const).map((p) => (
                <Col span={8} key={p}>
                  <Statistic title={p.slice(0, 3)} value={formatMillis(s.lateness[p])} />
                </Col>
              ))}
            </Row>
            <Typography.Text type="secondary">
              {s.lateness.samples === 0
                ? 'No cron fire started in the last hour.'
                : `Started minus scheduled time of ${s.lateness.capped ? 'the latest ' : ''}${s.lateness.samples} cron fire${s.lateness.samples === 1 ? '' : 's'}.`}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} lg={16}>
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
        </Col>
      </Row>
    </Space>
  );
}
