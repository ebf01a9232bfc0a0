import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Empty, List, Row, Segmented, Skeleton, Space, Statistic, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryError } from '../../components/QueryError';
import { paths } from '../../paths';
import { upcomingApi } from './api';
import { buildGrid, LAYOUTS } from './grid';
import type { JobFires, UpcomingBucket } from './types';
import { t } from '../../i18n';

// echarts is the heaviest dependency: load it only where a chart is drawn.
const UpcomingHeatmap = lazy(() => import('./UpcomingHeatmap').then((m) => ({ default: m.UpcomingHeatmap })));

type Span = keyof typeof LAYOUTS;

// getters: read when drawn, in the current language
const SPANS: Record<Span, { label: string; title: string }> = {
  day: { get label() { return t('upcoming.next24Hours'); }, get title() { return t('upcoming.firesPerMinuteRowsHours'); } },
  week: { get label() { return t('upcoming.next7Days'); }, get title() { return t('upcoming.firesPerHourRowsDays'); } },
};

/** A bucket as people read it: "Fri 11-27 00:00–00:01". */
function bucketLabel(start: string, bucketMinutes: number): string {
  const from = dayjs(start);
  return `${from.format('ddd MM-DD HH:mm')}–${from.add(bucketMinutes, 'minute').format('HH:mm')}`;
}

/**
 * When the department's enabled jobs fire: a heat map of fires per bucket, the busiest
 * buckets, and the jobs behind the bucket picked, to spread jobs that all fire at once.
 */
export default function UpcomingPage() {
  const [span, setSpan] = useState<Span>('day');
  const [start, setStart] = useState<Dayjs | null>(null);
  // the moment the window starts at while no start is picked, taken again by refresh
  const [now, setNow] = useState(() => dayjs());
  const [picked, setPicked] = useState<string | null>(null);
  const layout = LAYOUTS[span];
  // whole minutes (whole hours for the week), so buckets line up with the grid's columns
  const from = useMemo(
    () => (start ?? now).startOf(layout.row === 'day' ? 'hour' : 'minute').toISOString(),
    [start, layout, now],
  );
  const to = dayjs(from).add(layout.hours, 'hour').toISOString();
  const upcoming = useQuery({
    queryKey: ['upcoming', from, to, layout.bucketMinutes],
    queryFn: ({ signal }) => upcomingApi.upcoming({ from, to, bucketMinutes: layout.bucketMinutes }, signal),
  });
  const behind = useQuery({
    queryKey: ['upcoming-jobs', picked, layout.bucketMinutes],
    queryFn: ({ signal }) => upcomingApi.jobsAt(picked!, layout.bucketMinutes, signal),
    enabled: picked !== null,
  });
  const grid = useMemo(() => (upcoming.data ? buildGrid(upcoming.data, layout) : null), [upcoming.data, layout]);

  const controls = (
    <Space wrap align="center">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('common.upcoming')}
      </Typography.Title>
      <Segmented
        // rc-segmented's own label is English
        aria-label={t('upcoming.span')}
        value={span}
        onChange={(v) => {
          setSpan(v as Span);
          setNow(dayjs());
          setPicked(null);
        }}
        options={(Object.keys(SPANS) as Span[]).map((s) => ({ label: SPANS[s].label, value: s }))}
      />
      <DatePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        placeholder={t('upcoming.fromNow')}
        value={start}
        onChange={(value) => {
          setStart(value);
          setPicked(null);
        }}
        aria-label={t('upcoming.from')}
      />
      <Button onClick={() => setNow(dayjs())}>{t('upcoming.refresh')}</Button>
    </Space>
  );

  if (upcoming.isError && !upcoming.data) {
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        {controls}
        <QueryError error={upcoming.error} onRetry={() => void upcoming.refetch()} />
      </Space>
    );
  }
  const u = upcoming.data;
  const busiest = u?.peaks[0];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {controls}
      {!u || !grid ? (
        <Skeleton active />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={12} lg={8}>
              <Card>
                <Statistic title={t('upcoming.firesInRange')} value={u.fires} />
              </Card>
            </Col>
            <Col xs={12} lg={8}>
              <Card>
                <Statistic title={t('upcoming.enabledJobs')} value={u.jobs} />
              </Card>
            </Col>
            <Col xs={24} lg={8}>
              <Card>
                <Statistic
                  title={t('upcoming.busiestBucket')}
                  value={busiest ? t('upcoming.countFires', { count: busiest.fires }) : '—'}
                  suffix={busiest ? <Typography.Text type="secondary">{dayjs(busiest.start).format('ddd HH:mm')}</Typography.Text> : undefined}
                />
              </Card>
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={17}>
              <Card title={SPANS[span].title}>
                <Suspense fallback={<Skeleton active />}>
                  <UpcomingHeatmap grid={grid} onPick={setPicked} />
                </Suspense>
              </Card>
            </Col>
            <Col xs={24} xl={7}>
              <Card title={t('upcoming.peaks')}>
                <Peaks peaks={u.peaks} bucketMinutes={u.bucketMinutes} picked={picked} onPick={setPicked} />
              </Card>
            </Col>
          </Row>
          {picked && (
            <Card title={t('upcoming.jobsFiringP1', { p1: bucketLabel(picked, layout.bucketMinutes) })} extra={<Button onClick={() => setPicked(null)}>{t('common.close')}</Button>}>
              {behind.isError ? (
                <QueryError error={behind.error} onRetry={() => void behind.refetch()} />
              ) : (
                <>
                  {behind.data && behind.data.jobCount > behind.data.jobs.length && (
                    <Typography.Paragraph type="secondary">
                      {t('upcoming.theFiringMost', { shown: behind.data.jobs.length, count: behind.data.jobCount })}
                    </Typography.Paragraph>
                  )}
                  <Table<JobFires>
                    rowKey="id"
                    size="small"
                    loading={behind.isLoading}
                    dataSource={behind.data?.jobs ?? []}
                    pagination={false}
                    locale={{ emptyText: t('upcoming.noJobFiresInBucket') }}
                    columns={[
                      { title: t('common.job'), dataIndex: 'name', render: (name: string, job) => <Link to={paths.job(job.id)}>{name}</Link> },
                      { title: t('common.schedule'), dataIndex: 'schedule', render: (s: string) => <Typography.Text code>{s}</Typography.Text> },
                      { title: t('common.timeZone'), dataIndex: 'timeZone' },
                      { title: t('upcoming.fires'), dataIndex: 'fires', align: 'right' },
                    ]}
                  />
                </>
              )}
            </Card>
          )}
        </>
      )}
    </Space>
  );
}

function Peaks({ peaks, bucketMinutes, picked, onPick }: { peaks: UpcomingBucket[]; bucketMinutes: number; picked: string | null; onPick: (start: string) => void }) {
  if (peaks.length === 0) return <Empty description={t('upcoming.noJobFiresInRange')} />;
  return (
    <List
      size="small"
      dataSource={peaks}
      renderItem={(p) => (
        <List.Item>
          <Space direction="vertical" size={0} style={{ width: '100%' }}>
            <Button
              type={picked !== null && dayjs(picked).isSame(p.start) ? 'primary' : 'link'}
              style={{ padding: 0 }}
              onClick={() => onPick(p.start)}
            >
              {bucketLabel(p.start, bucketMinutes)}: {t('upcoming.countFires', { count: p.fires })}
            </Button>
            {/* the job names are data (one text, so the ellipsis folds it as one) */}
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: '100%' }} data-literal={(p.jobs ?? []).map((j) => j.name).join(', ') || undefined}>
              {t('upcoming.countJobs', { count: p.jobCount ?? 0 })}: {(p.jobs ?? []).map((j) => j.name).join(', ')}
            </Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}
