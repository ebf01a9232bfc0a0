import { useQuery } from '@tanstack/react-query';
import { Card, Col, List, Row, Segmented, Skeleton, Space, Statistic, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryError } from '../../components/QueryError';
import { formatMillis, formatNumber, formatTime } from '../../format';
import { paths } from '../../paths';
import { StatusTag } from '../executions/StatusTag';
import { OVERVIEW_POLL_MS, overviewApi } from './api';
import { t } from '../../i18n';

// echarts is the heaviest dependency: load it only where a chart is drawn.
const RunsChart = lazy(() => import('./RunsChart').then((m) => ({ default: m.RunsChart })));

type Scale = 'minute' | 'hour' | 'day';
// titles are getters: read when drawn, in the current language
const SCALES: Record<Scale, { title: string; format: string }> = {
  minute: { get title() { return t('overview.runsPerMinuteLastHour'); }, format: 'HH:mm' },
  hour: { get title() { return t('overview.runsPerHourLast24'); }, format: 'DD HH:00' },
  day: { get title() { return t('overview.runsPerDayLast30'); }, format: 'MM-DD' },
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
  const rate = hasRate ? formatNumber(s.successRate! * 100, 1) : '—';
  const failed = (s.last24h.FAILED ?? 0) + (s.last24h.TIMED_OUT ?? 0);
  const buckets = scale === 'minute' ? s.perMinute : scale === 'hour' ? s.perHour : s.perDay;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Card>
            <Statistic title={t('overview.successRate24H')} value={rate} suffix={hasRate ? '%' : undefined} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card>
            <Link to={`${paths.executions}?status=RUNNING`}>
              <Statistic title={t('overview.runningNow')} value={s.runningNow} />
            </Link>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card>
            <Link to={paths.agents}>
              <Statistic
                title={t('common.agentsAlive')}
                value={s.agentsAlive}
                valueStyle={s.agentsAlive === 0 ? { color: '#cf1322' } : undefined}
              />
            </Link>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card>
            <Statistic title={t('overview.failedTimedOut24H')} value={failed} valueStyle={failed > 0 ? { color: '#cf1322' } : undefined} />
          </Card>
        </Col>
      </Row>
      <Card
        title={SCALES[scale].title}
        extra={
          <Segmented
            // rc-segmented's own label is English
            aria-label={t('overview.scale')}
            value={scale}
            onChange={(v) => setScale(v as Scale)}
            options={[
              { label: t('overview.minute'), value: 'minute' },
              { label: t('overview.hour'), value: 'hour' },
              { label: t('overview.day'), value: 'day' },
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
          <Card title={t('overview.triggerLatenessLastHour')}>
            <Row gutter={8}>
              {(['p50Ms', 'p95Ms', 'p99Ms'] as const).map((p) => (
                <Col span={8} key={p}>
                  <Statistic title={p.slice(0, 3)} value={formatMillis(s.lateness[p])} />
                </Col>
              ))}
            </Row>
            <Typography.Text type="secondary">
              {s.lateness.samples === 0
                ? t('overview.noCronFireStartedIn')
                : t(s.lateness.capped ? 'overview.latenessOfLatest' : 'overview.latenessOf', { count: s.lateness.samples })}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card title={t('overview.recentFailures')} extra={<Link to={`${paths.executions}?status=FAILED`}>{t('overview.allFailures')}</Link>}>
            <List
              dataSource={s.recentFailures}
              locale={{ emptyText: t('overview.noFailures') }}
              renderItem={(e) => (
                <List.Item>
                  <List.Item.Meta
                    title={
                      <Space wrap>
                        <StatusTag status={e.status} />
                        <Link to={paths.job(e.jobId)} data-literal>
                          {e.jobName ?? e.jobId}
                        </Link>
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
