import { CopyOutlined, DeleteOutlined, EditOutlined, HistoryOutlined, PlayCircleOutlined } from '@ant-design/icons';
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
import { ruleLabel } from '../calendars/labels';
import { executionsApi } from '../executions/api';
import { executionsPollMs, ExecutionsTable } from '../executions/ExecutionsTable';
import { jobsApi } from './api';
import { BackfillModal } from './BackfillModal';
import { CloneJobModal } from './CloneJobModal';
import { FireTimeline } from './FireTimeline';
import { JobAgent } from './JobAgent';
import { JobBackfillsCard } from './JobBackfillsCard';
import { JobCycleCard } from './JobCycleCard';
import { JobFormDrawer } from './JobFormDrawer';
import { RunJobModal } from './RunJobModal';
import { callsPerFire, isDiscovered } from './form';
import type { Job, RetryPolicy } from './types';
import { useJobActions } from './useJobActions';
import { enumLabel, t } from '../../i18n';

const tags = (map: Record<string, string> | null | undefined) =>
  Object.keys(map ?? {}).length === 0
    ? '—'
    : Object.entries(map ?? {}).map(([k, v]) => <Tag key={k}>{`${k}=${v}`}</Tag>);

/** Job names (upstreams, dependents) as tags, or a dash. */
const names = (list: string[] | null | undefined) =>
  list?.length ? (
    <Space size={4} wrap>
      {list.map((n) => (
        <Tag key={n}>
          <span data-literal>{n}</span>
        </Tag>
      ))}
    </Space>
  ) : (
    '—'
  );

/** The job's own retention limits, or the platform default's. */
function retentionText(job: Job): string {
  const days = job.retention?.days;
  const maxCount = job.retention?.maxCount;
  const parts = [days ? t('common.countDays', { count: days }) : t('jobs.defaultDays'), maxCount ? t('jobs.atMostCountRuns', { count: maxCount }) : t('jobs.defaultCount')];
  return !days && !maxCount ? t('departments.platformDefault') : parts.join(t('common.listSeparator'));
}

/** Which runs raise alerts, where they go, and the way to this job's alert history. */
function AlertRules({ job }: { job: Job }) {
  const a = job.alerts;
  const channels = useAlertChannels({ enabled: (a?.channelIds.length ?? 0) > 0 });
  if (!a || a.channelIds.length === 0) return <>{t('common.none')}</>;
  const rules = [
    a.onFailure && t('jobs.ruleFinalFailure'),
    a.onTimeout && t('jobs.ruleTimeout'),
    a.failureRate &&
      t('jobs.ruleFailureRate', { percent: Math.round(a.failureRate.threshold * 100), minutes: a.failureRate.windowMinutes, runs: a.failureRate.minRuns }),
    a.onRecovery && t('jobs.ruleRecovery'),
  ].filter(Boolean);
  return (
    <Space wrap size={4}>
      {a.channelIds.map((id) => (
        <Tag key={id}>{channels.nameOf(id)}</Tag>
      ))}
      <span>{t('jobs.alertOn', { rules: rules.length ? rules.join(t('common.listSeparator')) : t('jobs.nothing') })}</span>
      <Link to={`${paths.alerts}?jobId=${job.id}`}>{t('jobs.alertHistory')}</Link>
    </Space>
  );
}

/**
 * The retry policy in words: "3 attempts, 5 s apart" or "4 attempts, exponential backoff
 * from 1 s × 2 up to 30 s, jitter 20 %". A job saved before the backoff strategy is fixed.
 */
function retryText(retry: RetryPolicy): string {
  if (retry.maxAttempts <= 1) return t('jobs.retryNone');
  const jitter = retry.jitter ? t('jobs.retryJitter', { percent: Math.round(retry.jitter * 1000) / 10 }) : '';
  if (retry.backoff === 'EXPONENTIAL') {
    return t('jobs.retryExponential', { attempts: retry.maxAttempts, first: retry.backoffSeconds, multiplier: retry.multiplier ?? '', max: retry.maxBackoffSeconds ?? '' }) + jitter;
  }
  return t('jobs.retryFixed', { attempts: retry.maxAttempts, seconds: retry.backoffSeconds }) + jitter;
}

/** One call, N shards (with their parameters, by index) or a broadcast. */
function CallsPerFire({ target }: { target: Job['target'] }) {
  const choice = callsPerFire(target);
  if (choice !== 'SHARDS') return <>{enumLabel('callsPerFire', choice)}</>;
  const shards = target.sharding!.shards;
  const params = target.sharding!.params ?? [];
  if (params.length === 0) return <>{t('jobs.shardingSummary', { shards })}</>;
  return (
    <Space direction="vertical" size={2}>
      {t('jobs.shardingParamsSummary', { shards })}
      {params.map((p, i) => (
        <Typography.Text key={i} code>
          {`${i}: ${p}`}
        </Typography.Text>
      ))}
    </Space>
  );
}

function Definition({ job }: { job: Job }) {
  const target = job.target;
  return (
    <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}>
      <Descriptions.Item label={t('common.schedule')}>
        {job.schedule ? (
          <>
            <Typography.Text code>{job.schedule}</Typography.Text> ({job.timeZone})
          </>
        ) : (
          t('jobs.runsWhenUpstreamsSucceeded')
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('jobs.dependsOn')}>{names(job.dependsOn)}</Descriptions.Item>
      <Descriptions.Item label={t('jobs.dependents')}>{names(job.dependents)}</Descriptions.Item>
      <Descriptions.Item label={t('calendars.businessCalendar')}>
        {job.calendar ? (
          <Space size={4} wrap>
            <Link to={paths.calendars}>{job.calendar.name}</Link>
            <Tag>{ruleLabel(job.calendar.rule)}</Tag>
          </Space>
        ) : (
          t('common.none')
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('jobs.assignedAgent')}>
        {job.placement ? <JobAgent job={job} /> : (job.agentId ?? <Tag color="warning">{t('jobs.unassignedTag')}</Tag>)}
      </Descriptions.Item>
      <Descriptions.Item label={t('jobs.target')}>
        {target.type} {enumLabel('targetMode', target.mode)}
      </Descriptions.Item>
      <Descriptions.Item label={target.type === 'SHELL' ? t('jobs.command') : t('common.address')}>
        <Typography.Text code>{target.type === 'SHELL' ? target.command : `${target.method ?? ''} ${target.url ?? ''}`.trim()}</Typography.Text>
      </Descriptions.Item>
      {isDiscovered(target) && (
        <Descriptions.Item label={t('jobs.instanceChoice')}>{enumLabel('instanceChoice', target.instanceChoice ?? 'ROUND_ROBIN')}</Descriptions.Item>
      )}
      {isDiscovered(target) && (
        <Descriptions.Item label={t('jobs.callsPerFire')}>
          <CallsPerFire target={target} />
        </Descriptions.Item>
      )}
      {target.sharding?.timeoutSeconds != null && (
        <Descriptions.Item label={t('jobs.shardsTimeout')}>{t('jobs.shardsTimeoutValue', { count: target.sharding.timeoutSeconds })}</Descriptions.Item>
      )}
      {target.statusUrl && (
        <Descriptions.Item label={t('jobs.statusUrl')}>
          <Typography.Text code>{target.statusUrl}</Typography.Text>
        </Descriptions.Item>
      )}
      {target.progressTimeoutSeconds != null && (
        <Descriptions.Item label={t('jobs.progressTimeout')}>
          {t('jobs.progressTimeoutValue', { count: target.progressTimeoutSeconds })}
        </Descriptions.Item>
      )}
      {target.type !== 'SHELL' && <Descriptions.Item label={t('jobs.headers')}>{tags(target.headers)}</Descriptions.Item>}
      {target.body && (
        <Descriptions.Item label={t('jobs.body')}>
          <Typography.Text code>{target.body}</Typography.Text>
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('jobs.successCodes')}>{target.successCodes?.length ? target.successCodes.join(', ') : t('jobs.default')}</Descriptions.Item>
      <Descriptions.Item label={t('jobs.timeout')}>{t('common.seconds', { count: job.timeoutSeconds })}</Descriptions.Item>
      <Descriptions.Item label={t('common.retry')}>{retryText(job.retry)}</Descriptions.Item>
      <Descriptions.Item label={t('jobs.misfireOverlap')}>
        {enumLabel('misfire', job.misfirePolicy)} / {enumLabel('overlap', job.overlapPolicy)}
      </Descriptions.Item>
      <Descriptions.Item label={t('jobs.assignment')}>
        {job.assignment?.strategy ? enumLabel('strategy', job.assignment.strategy) : t('jobs.clusterDefault')} {tags(job.assignment?.labels)}
      </Descriptions.Item>
      <Descriptions.Item label={t('common.alerts')}>
        <AlertRules job={job} />
      </Descriptions.Item>
      <Descriptions.Item label={t('common.retention')}>{retentionText(job)}</Descriptions.Item>
      <Descriptions.Item label={t('jobs.owner')}>{job.owner ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('jobs.contact')}>
        {job.contact ? <a href={`mailto:${job.contact}`}>{job.contact}</a> : '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('common.labels')}>{tags(job.labels)}</Descriptions.Item>
      <Descriptions.Item label={t('common.created')}>
        {formatTime(job.createdAt)} {job.createdBy ? t('jobs.byCreatedby', { createdBy: job.createdBy }) : ''}
      </Descriptions.Item>
      <Descriptions.Item label={t('jobs.updated')}>
        {formatTime(job.updatedAt)} {t('jobs.versionN', { version: job.version })}
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
  const [backfilling, setBackfilling] = useState(false);
  const [history, setHistory] = useState({ page: 1, size: 10 });
  const [tab, setTab] = useState<'runs' | 'history'>('runs');
  const { setEnabled, remove } = useJobActions({ onDeleted: () => navigate(paths.jobs) });

  const job = useQuery({ queryKey: ['jobs', 'one', id], queryFn: () => jobsApi.get(id) });
  const fires = useQuery({
    queryKey: ['jobs', 'one', id, 'next-fires'],
    queryFn: () => jobsApi.nextFiresOf(id, 5),
    // a job without a schedule (it runs after its upstreams) has no fires to ask for
    enabled: job.data?.enabled === true && Boolean(job.data.schedule),
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
              <span data-literal>{j.name}</span>
            </Typography.Title>
            <Switch
              checked={j.enabled}
              disabled={!canOperate}
              checkedChildren={t('jobs.enabled')}
              unCheckedChildren={t('common.disabled')}
              onChange={(enabled) => setEnabled.mutate({ job: j, enabled })}
            />
          </Space>
        }
        extra={
          canOperate && (
            <Space wrap>
              <Button icon={<PlayCircleOutlined />} onClick={() => setRunning(true)}>
                {t('jobs.runNow')}
              </Button>
              {/* a job without a schedule of its own has no instants: its upstream is backfilled with dependents */}
              {j.schedule && (
                <Button icon={<HistoryOutlined />} onClick={() => setBackfilling(true)}>
                  {t('backfills.backfill')}
                </Button>
              )}
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('jobs.edit')}
              </Button>
              <Button icon={<CopyOutlined />} onClick={() => setCloning(true)}>
                {t('jobs.clone')}
              </Button>
              <Popconfirm
                title={t('common.deleteName', { name: j.name })}
                okText={t('common.delete')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutate(j)}
              >
                <Button danger icon={<DeleteOutlined />}>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            </Space>
          )
        }
      >
        {j.description && (
          <Typography.Paragraph type="secondary">
            <span data-literal>{j.description}</span>
          </Typography.Paragraph>
        )}
        <Row gutter={[16, 16]}>
          <Col xs={24} xxl={17}>
            <Definition job={j} />
          </Col>
          <Col xs={24} xxl={7}>
            <Card size="small" title={t('jobs.nextFiresIn', { zone: j.timeZone })} data-testid="job-next-fires">
              {fires.isLoading ? (
                <Spin size="small" />
              ) : j.enabled && (fires.data?.fires.length || fires.data?.notes.length) ? (
                <FireTimeline fires={fires.data.fires} notes={fires.data.notes} timeZone={j.timeZone} />
              ) : (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={!j.enabled ? t('jobs.disabled') : j.schedule ? t('jobs.noFutureFireTime') : t('jobs.runsWhenUpstreamsSucceeded')}
                />
              )}
            </Card>
          </Col>
        </Row>
      </Card>
      {(j.dependsOn?.length ?? 0) > 0 && <JobCycleCard job={j} />}
      {j.schedule && <JobBackfillsCard job={j} />}
      <Card
        tabList={[
          { key: 'runs', label: t('jobs.runHistory') },
          { key: 'history', label: t('jobs.historyTab') },
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
      <BackfillModal job={backfilling ? j : null} onClose={() => setBackfilling(false)} />
    </Space>
  );
}
