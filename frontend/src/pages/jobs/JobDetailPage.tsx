import { CopyOutlined, DeleteOutlined, EditOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, Popconfirm, Row, Skeleton, Space, Spin, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useCanOperate } from '../../auth/AuthProvider';
import { QueryError } from '../../components/QueryError';
import { formatTime } from '../../format';
import { paths } from '../../paths';
import { useAlertChannels } from '../alerts/useAlertChannels';
import { JobHistory } from '../audit/JobHistory';
import { CALENDAR_RULE_LABELS } from '../calendars/types';
import { executionsApi } from '../executions/api';
import { executionsPollMs, ExecutionsTable } from '../executions/ExecutionsTable';
import { jobsApi } from './api';
import { CloneJobModal } from './CloneJobModal';
import { FireTimeline } from './FireTimeline';
import { JobAgent } from './JobAgent';
import { JobFormDrawer } from './JobFormDrawer';
import { RunJobModal } from './RunJobModal';
import type { Job, RetryPolicy } from './types';
import { useJobActions } from './useJobActions';

const tags = (map: Record<string, string> | null | undefined) =>
  Object.keys(map ?? {}).length === 0
    ? '—'
    : Object.entries(map ?? {}).map(([k, v]) => <Tag key={k}>{`${k}=${v}`}</Tag>);

/** The job's own retention limits, or the platform default's. */
function retentionText(job: Job): string {
  const days = job.retention?.days;
  const maxCount = job.retention?.maxCount;
  const parts = [days ? `${days} days` : 'default days', maxCount ? `at most ${maxCount} runs` : 'default count'];
  return !days && !maxCount ? 'platform default' : parts.join(', ');
}

/** Which runs raise alerts, where they go, and the way to this job's alert history. */
function AlertRules({ job }: { job: Job }) {
  const a = job.alerts;
  const channels = useAlertChannels({ enabled: (a?.channelIds.length ?? 0) > 0 });
  if (!a || a.channelIds.length === 0) return <>none</>;
  const rules = [
    a.onFailure && 'final failure',
    a.onTimeout && 'timeout',
    a.failureRate &&
      `over ${Math.round(a.failureRate.threshold * 100)} % failed in ${a.failureRate.windowMinutes} min (${a.failureRate.minRuns}+ runs)`,
    a.onRecovery && 'recovery',
  ].filter(Boolean);
  return (
    <Space wrap size={4}>
      {a.channelIds.map((id) => (
        <Tag key={id}>{channels.nameOf(id)}</Tag>
      ))}
      <span>on {rules.length ? rules.join(', ') : 'nothing'}</span>
      <Link to={`${paths.alerts}?jobId=${job.id}`}>history</Link>
    </Space>
  );
}

/**
 * The retry policy in words: "3 attempts, 5 s apart" or "4 attempts, exponential backoff
 * from 1 s × 2 up to 30 s, jitter 20 %". A job saved before the backoff strategy is fixed.
 */
function retryText(retry: RetryPolicy): string {
  if (retry.maxAttempts <= 1) return '1 attempt, no retry';
  const jitter = retry.jitter ? `, jitter ${Math.round(retry.jitter * 1000) / 10} %` : '';
  if (retry.backoff === 'EXPONENTIAL') {
    return `${retry.maxAttempts} attempts, exponential backoff from ${retry.backoffSeconds} s × ${retry.multiplier} up to ${retry.maxBackoffSeconds} s${jitter}`;
  }
  return `${retry.maxAttempts} attempts, ${retry.backoffSeconds} s apart${jitter}`;
}

function Definition({ job }: { job: Job }) {
  const t = job.target;
  return (
    <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}>
      <Descriptions.Item label="Schedule">
        <Typography.Text code>{job.schedule}</Typography.Text> ({job.timeZone})
      </Descriptions.Item>
      <Descriptions.Item label="Business calendar">
        {job.calendar ? (
          <Space size={4} wrap>
            <Link to={paths.calendars}>{job.calendar.name}</Link>
            <Tag>{CALENDAR_RULE_LABELS[job.calendar.rule] ?? job.calendar.rule}</Tag>
          </Space>
        ) : (
          'none'
        )}
      </Descriptions.Item>
      <Descriptions.Item label="Assigned agent">
        {job.placement ? <JobAgent job={job} /> : (job.agentId ?? <Tag color="warning">unassigned</Tag>)}
      </Descriptions.Item>
      <Descriptions.Item label="Target">
        {t.type} {t.mode}
      </Descriptions.Item>
      <Descriptions.Item label={t.type === 'SHELL' ? 'Command' : 'Address'}>
        <Typography.Text code>{t.type === 'SHELL' ? t.command : `${t.method ?? ''} ${t.url ?? ''}`.trim()}</Typography.Text>
      </Descriptions.Item>
      {t.type !== 'SHELL' && <Descriptions.Item label="Headers">{tags(t.headers)}</Descriptions.Item>}
      {t.body && (
        <Descriptions.Item label="Body">
          <Typography.Text code>{t.body}</Typography.Text>
        </Descriptions.Item>
      )}
      <Descriptions.Item label="Success codes">{t.successCodes?.length ? t.successCodes.join(', ') : 'default'}</Descriptions.Item>
      <Descriptions.Item label="Timeout">{job.timeoutSeconds} s</Descriptions.Item>
      <Descriptions.Item label="Retry">{retryText(job.retry)}</Descriptions.Item>
      <Descriptions.Item label="Misfire / overlap">
        {job.misfirePolicy} / {job.overlapPolicy}
      </Descriptions.Item>
      <Descriptions.Item label="Assignment">
        {job.assignment?.strategy ?? 'cluster default'} {tags(job.assignment?.labels)}
      </Descriptions.Item>
      <Descriptions.Item label="Alerts">
        <AlertRules job={job} />
      </Descriptions.Item>
      <Descriptions.Item label="Retention">{retentionText(job)}</Descriptions.Item>
      <Descriptions.Item label="Owner">{job.owner ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Contact">
        {job.contact ? <a href={`mailto:${job.contact}`}>{job.contact}</a> : '—'}
      </Descriptions.Item>
      <Descriptions.Item label="Labels">{tags(job.labels)}</Descriptions.Item>
      <Descriptions.Item label="Created">
        {formatTime(job.createdAt)} {job.createdBy ? `by ${job.createdBy}` : ''}
      </Descriptions.Item>
      <Descriptions.Item label="Updated">
        {formatTime(job.updatedAt)} (v{job.version})
      </Descriptions.Item>
    </Descriptions>
  );
}

export default function JobDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const canOperate = useCanOperate();
  const [editing, setEditing] = useState(false);
  const [running, setRunning] = useState(false);
  const [cloning, setCloning] = useState(false);
  const [history, setHistory] = useState({ page: 1, size: 10 });
  const [tab, setTab] = useState<'runs' | 'history'>('runs');
  const { setEnabled, remove } = useJobActions();

  const job = useQuery({ queryKey: ['jobs', 'one', id], queryFn: () => jobsApi.get(id) });
  const fires = useQuery({
    queryKey: ['jobs', 'one', id, 'next-fires'],
    queryFn: () => jobsApi.nextFiresOf(id, 5),
    enabled: job.data?.enabled === true,
  });
  const runs = useQuery({
    queryKey: ['executions', { jobId: id, ...history }],
    queryFn: ({ signal }) => executionsApi.list({ jobId: id, ...history }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => executionsPollMs(q.state.data),
  });

  if (job.isError) return <QueryError error={job.error} onRetry={() => void job.refetch()} />;
  const j = job.data;
  if (!j) return <Skeleton active />;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={
          <Space wrap>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {j.name}
            </Typography.Title>
            <Switch
              checked={j.enabled}
              disabled={!canOperate}
              checkedChildren="enabled"
              unCheckedChildren="disabled"
              onChange={(enabled) => setEnabled.mutate({ job: j, enabled })}
            />
          </Space>
        }
        extra={
          canOperate && (
            <Space wrap>
              <Button icon={<PlayCircleOutlined />} onClick={() => setRunning(true)}>
                Run now
              </Button>
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button icon={<CopyOutlined />} onClick={() => setCloning(true)}>
                Clone
              </Button>
              <Popconfirm
                title={`Delete ${j.name}?`}
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutate(j, { onSuccess: () => navigate(paths.jobs) })}
              >
                <Button danger icon={<DeleteOutlined />}>
                  Delete
                </Button>
              </Popconfirm>
            </Space>
          )
        }
      >
        {j.description && <Typography.Paragraph type="secondary">{j.description}</Typography.Paragraph>}
        <Row gutter={[16, 16]}>
          <Col xs={24} xxl={17}>
            <Definition job={j} />
          </Col>
          <Col xs={24} xxl={7}>
            <Card size="small" title={`Next fires (${j.timeZone})`} data-testid="job-next-fires">
              {fires.isLoading ? (
                <Spin size="small" />
              ) : j.enabled && (fires.data?.fires.length || fires.data?.notes.length) ? (
                <FireTimeline fires={fires.data.fires} notes={fires.data.notes} timeZone={j.timeZone} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={j.enabled ? 'No future fire time' : 'Disabled'} />
              )}
            </Card>
          </Col>
        </Row>
      </Card>
      <Card
        tabList={[
          { key: 'runs', label: 'Run history' },
          { key: 'history', label: 'History' },
        ]}
        activeTabKey={tab}
        onTabChange={(key) => setTab(key as 'runs' | 'history')}
      >
        {tab === 'runs' ? (
          <>
            {runs.isError && <QueryError error={runs.error} />}
            <ExecutionsTable
              page={runs.data}
              loading={runs.isFetching && !runs.data}
              showJob={false}
              onPageChange={(page, size) => setHistory({ page, size })}
            />
          </>
        ) : (
          <JobHistory jobId={j.id} />
        )}
      </Card>
      {editing && <JobFormDrawer open job={j} onClose={() => setEditing(false)} />}
      <RunJobModal job={running ? j : null} onClose={() => setRunning(false)} />
      <CloneJobModal job={cloning ? j : null} onClose={() => setCloning(false)} />
    </Space>
  );
}
