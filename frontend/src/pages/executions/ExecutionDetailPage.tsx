import { RedoOutlined, StopOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Descriptions, Popconfirm, Progress, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useApiErrorHandler } from '../../api/errors';
import { useCanOperate } from '../../auth/AuthProvider';
import { QueryError } from '../../components/QueryError';
import { formatDuration, formatTime } from '../../format';
import { paths } from '../../paths';
import { executionsApi } from './api';
import { AttemptChain } from './AttemptChain';
import { ClearedRunsTable } from './ClearedRunsTable';
import { ShardTable } from './ShardTable';
import { LiveOutput } from './LiveOutput';
import { StatusTag } from './StatusTag';
import { TraceLink } from './TraceLink';
import { isActive, isUnfinished, type Execution } from './types';
import { RunTree } from '../workflows/RunTree';
import { enumLabel, t } from '../../i18n';
import { noteText } from '../../i18n/reasons';

/** A block of text; `platform` when the platform wrote it in the reader's language, else it is the run's data as it came. */
function Block({ text, danger, platform, maxHeight = 320 }: { text?: string | null; danger?: boolean; platform?: boolean; maxHeight?: number }) {
  if (!text) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <pre
      data-literal={!platform}
      style={{
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        margin: 0,
        maxHeight,
        overflow: 'auto',
        color: danger ? '#cf1322' : undefined,
      }}
    >
      {text}
    </pre>
  );
}

/** Up to 64 KB of opaque state: collapsed, and in a short scrolling block when opened. */
function ResumePayload({ text }: { text: string }) {
  return (
    <details>
      <summary>{t('executions.showResumePayload', { count: text.length })}</summary>
      <Block text={text} maxHeight={160} />
    </details>
  );
}

export default function ExecutionDetailPage() {
  const { id = '' } = useParams();
  const canOperate = useCanOperate();
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const { message } = App.useApp();
  const execution = useQuery({
    queryKey: ['executions', 'one', id],
    queryFn: () => executionsApi.get(id),
    refetchInterval: (q) => (q.state.data && isUnfinished(q.state.data.status) ? 2000 : false),
  });
  const cancel = useMutation({
    mutationFn: (e: Execution) => executionsApi.cancel(e.id),
    onSuccess: () => {
      message.info(t('executions.cancelRequested'));
      void queryClient.invalidateQueries({ queryKey: ['executions'] });
    },
    onError: (e) => handleError(e),
  });

  const [withDependents, setWithDependents] = useState(false);
  const clear = useMutation({
    mutationFn: (e: Execution) => executionsApi.clear(e.id, withDependents),
    onSuccess: (result) => {
      message.info(t('executions.clearRequested', { id: result.executionId }));
      void queryClient.invalidateQueries({ queryKey: ['executions'] });
    },
    onError: (e) => handleError(e),
  });

  const rerunShards = useMutation({
    mutationFn: (e: Execution) => executionsApi.rerunFailedShards(e.id),
    onSuccess: (result) => {
      message.info(t('executions.failedShardsRerun', { id: result.executionId, shards: result.shards.join(', ') }));
      void queryClient.invalidateQueries({ queryKey: ['executions'] });
    },
    onError: (e) => handleError(e),
  });

  if (execution.isError) return <QueryError error={execution.error} onRetry={() => void execution.refetch()} />;
  const e = execution.data;
  if (!e) return <Skeleton active />;
  return (
    <Card
      title={t('executions.executionId', { id: e.id })}
      extra={
        canOperate &&
        (isActive(e.status) ? (
          <Popconfirm title={t('executions.cancelThisRun')} okText={t('executions.cancelRun')} okButtonProps={{ danger: true }} onConfirm={() => cancel.mutate(e)}>
            <Button danger icon={<StopOutlined />} loading={cancel.isPending}>
              {t('common.cancel')}
            </Button>
          </Popconfirm>
        ) : (
          !isUnfinished(e.status) && (
            <Space>
              {e.shards?.some((shard) => shard.status !== 'SUCCEEDED') && (
                // only the shards that did not succeed are called again
                <Popconfirm
                  title={t('executions.rerunFailedShardsTitle')}
                  description={t('executions.rerunFailedShardsExplained', { instant: formatTime(e.scheduledAt) })}
                  okText={t('executions.rerunFailedShards')}
                  onConfirm={() => rerunShards.mutate(e)}
                >
                  <Button icon={<RedoOutlined />} loading={rerunShards.isPending}>
                    {t('executions.rerunFailedShards')}
                  </Button>
                </Popconfirm>
              )}
              {/* an ended run runs again for the same logical instant (clear and re-run) */}
              <Popconfirm
                title={t('executions.clearThisRun')}
                description={
                  <>
                    <div>{t('executions.clearExplained', { instant: formatTime(e.scheduledAt) })}</div>
                    <Checkbox checked={withDependents} onChange={(c) => setWithDependents(c.target.checked)}>
                      {t('executions.clearWithDependents')}
                    </Checkbox>
                  </>
                }
                okText={t('executions.clear')}
                onConfirm={() => clear.mutate(e)}
              >
                <Button icon={<RedoOutlined />} loading={clear.isPending}>
                  {t('executions.clear')}
                </Button>
              </Popconfirm>
            </Space>
          )
        ))
      }
    >
      <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}>
        <Descriptions.Item label={t('common.job')}>
          <Link to={paths.job(e.jobId)} data-literal>
            {e.jobName ?? e.jobId}
          </Link>
        </Descriptions.Item>
        <Descriptions.Item label={t('common.status')}>
          <StatusTag status={e.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('executions.trigger')}>{enumLabel('trigger', e.trigger)}</Descriptions.Item>
        {e.releasedBy != null && (
          <Descriptions.Item label={t('executions.releasedBy')}>
            <Link to={paths.execution(e.releasedBy)}>#{e.releasedBy}</Link>
          </Descriptions.Item>
        )}
        {e.rootId != null && (
          <Descriptions.Item label={t('executions.workflowRunStartedBy')}>
            {String(e.rootId) === String(e.id) ? t('executions.thisRun') : <Link to={paths.execution(e.rootId)}>#{e.rootId}</Link>}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('executions.attempt')}>{e.attempt}</Descriptions.Item>
        <Descriptions.Item label={t('common.agent')}>
          <span data-literal>{e.agentId ?? '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('executions.scheduled')}>{formatTime(e.scheduledAt)}</Descriptions.Item>
        <Descriptions.Item label={t('common.started')}>{formatTime(e.startedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('executions.finished')}>{formatTime(e.finishedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('executions.duration')}>{formatDuration(e.startedAt, e.finishedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('executions.progress')}>
          {e.progress !== null && e.progress !== undefined ? (
            <Progress percent={e.progress} size="small" status={isActive(e.status) ? 'active' : undefined} />
          ) : (
            '—'
          )}
        </Descriptions.Item>
        {e.mode && <Descriptions.Item label={t('executions.mode')}>{enumLabel('targetMode', e.mode)}</Descriptions.Item>}
        {e.traceId && (
          <Descriptions.Item label={t('executions.trace')} span={2}>
            <TraceLink traceId={e.traceId} />
          </Descriptions.Item>
        )}
        {e.message && (
          <Descriptions.Item label={t('executions.message')} span={2}>
            <Typography.Text data-literal>{e.message}</Typography.Text>
          </Descriptions.Item>
        )}
        {e.resumePayload && (
          <Descriptions.Item label={t('executions.resumePayload')} span={2}>
            <ResumePayload text={e.resumePayload} />
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('common.params')} span={2}>
          <Block text={e.params} />
        </Descriptions.Item>
        {/* while the run goes on its output grows in the live panel below: one place */}
        {!isActive(e.status) && (
          <Descriptions.Item label={t('executions.output')} span={2}>
            <Block text={e.output} />
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('common.error')} span={2}>
          <Block text={e.error && noteText(e.reason, e.error)} platform={!!e.reason} danger />
        </Descriptions.Item>
        {e.outputs && (
          <Descriptions.Item label={t('executions.outputs')} span={2}>
            <Block text={JSON.stringify(e.outputs, null, 2)} />
          </Descriptions.Item>
        )}
        {e.upstreamOutputs && (
          <Descriptions.Item label={t('executions.upstreamOutputs')} span={2}>
            <Block text={JSON.stringify(e.upstreamOutputs, null, 2)} />
          </Descriptions.Item>
        )}
      </Descriptions>
      {isActive(e.status) && <LiveOutput executionId={e.id} onEnd={() => void execution.refetch()} />}
      {e.attempts && e.attempts.length > 0 && (
        <Card size="small" id="attempts" title={t('executions.attempts')} style={{ marginTop: 16 }}>
          <AttemptChain attempts={e.attempts} />
        </Card>
      )}
      {e.clearedRuns && e.clearedRuns.length > 0 && (
        <Card size="small" id="cleared-runs" title={t('executions.clearedRuns')} style={{ marginTop: 16 }}>
          <ClearedRunsTable runs={e.clearedRuns} />
        </Card>
      )}
      {e.shards && e.shards.length > 0 && (
        <Card
          size="small"
          id="shards"
          title={t('executions.shards')}
          extra={t('executions.shardsDone', { done: e.shards.filter((s) => s.status === 'SUCCEEDED').length, total: e.shards[0]!.total })}
          style={{ marginTop: 16 }}
        >
          <ShardTable shards={e.shards} />
        </Card>
      )}
      {(e.rootId != null || e.releasedBy != null) && (
        <Card size="small" id="workflow-run" title={t('executions.workflowRun')} style={{ marginTop: 16 }}>
          <RunTree executionId={e.id} current={e.id} />
        </Card>
      )}
    </Card>
  );
}
