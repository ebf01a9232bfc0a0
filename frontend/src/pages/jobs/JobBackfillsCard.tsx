/**
 * The job's backfills, newest first: each one's range, how far it got, who started it, and
 * for OPERATORs pause, resume and cancel as its state allows. While one runs or waits
 * paused, the card looks again every few seconds.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Progress, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useApiErrorHandler } from '../../api/errors';
import { useCanOperate } from '../../auth/AuthProvider';
import { QueryError } from '../../components/QueryError';
import { formatTime } from '../../format';
import { backfillsApi } from '../workflows/api';
import type { Backfill, BackfillStatus } from '../workflows/types';
import type { Job } from './types';
import { enumLabel, t } from '../../i18n';

/** Progress moves on its own while a backfill runs (or may be resumed): look again this often. */
export const BACKFILL_POLL_MS = 3000;

const STATUS_COLOR: Record<BackfillStatus, string> = {
  RUNNING: 'processing',
  PAUSED: 'warning',
  CANCELLED: 'default',
  SUCCEEDED: 'success',
  FAILED: 'error',
};

/** Every 3 s while one runs or is paused (it may be resumed elsewhere); a list of finished ones stays as it is. */
export function backfillsPollMs(list: Backfill[] | undefined): number | false {
  return (list ?? []).some((b) => b.status === 'RUNNING' || b.status === 'PAUSED') ? BACKFILL_POLL_MS : false;
}

export function BackfillStatusTag({ status }: { status: BackfillStatus }) {
  return (
    <Tag color={STATUS_COLOR[status] ?? 'default'} data-status={status}>
      {enumLabel('backfillStatus', status)}
    </Tag>
  );
}

/** Finished instants of all (succeeded in green), and the counts in words. */
function BackfillProgress({ b }: { b: Backfill }) {
  const total = Math.max(b.total, 1);
  const done = b.succeeded + b.failed;
  return (
    <div style={{ minWidth: 200 }} data-testid="backfill-progress">
      <Progress
        size="small"
        percent={Math.round((done / total) * 100)}
        success={{ percent: Math.round((b.succeeded / total) * 100) }}
        status={b.failed > 0 ? 'exception' : b.status === 'RUNNING' ? 'active' : 'normal'}
        format={() => t('backfills.doneOfTotal', { done, total: b.total })}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('backfills.counts', { started: b.started, succeeded: b.succeeded, failed: b.failed })}
      </Typography.Text>
    </div>
  );
}

export function JobBackfillsCard({ job }: { job: Pick<Job, 'id'> }) {
  const canOperate = useCanOperate();
  const { message } = App.useApp();
  const handleError = useApiErrorHandler();
  const queryClient = useQueryClient();
  const backfills = useQuery({
    queryKey: ['backfills', { jobId: String(job.id) }],
    queryFn: ({ signal }) => backfillsApi.list(job.id, 20, signal),
    refetchInterval: (q) => backfillsPollMs(q.state.data),
  });
  const change = useMutation({
    mutationFn: ({ b, action }: { b: Backfill; action: 'pause' | 'resume' | 'cancel' }) => backfillsApi[action](b.id),
    onSuccess: (b) => {
      message.success(t('backfills.nowStatus', { id: b.id, status: enumLabel('backfillStatus', b.status) }));
      void queryClient.invalidateQueries({ queryKey: ['backfills'] });
    },
    // a 409: it moved on meanwhile (finished, or someone else paused it); show it as it is
    onError: (e) => {
      handleError(e);
      void queryClient.invalidateQueries({ queryKey: ['backfills'] });
    },
  });
  const busy = (b: Backfill) => change.isPending && change.variables?.b.id === b.id;
  const columns: ColumnsType<Backfill> = [
    { title: t('backfills.id'), dataIndex: 'id', render: (id: Backfill['id']) => `#${id}` },
    { title: t('common.status'), dataIndex: 'status', render: (status: BackfillStatus) => <BackfillStatusTag status={status} /> },
    {
      title: t('backfills.range'),
      key: 'range',
      render: (_, b) => (
        <Space direction="vertical" size={0}>
          <span>{t('backfills.fromTo', { from: formatTime(b.from), to: formatTime(b.to) })}</span>
          <Space size={4} wrap>
            {b.withDependents && <Tag>{t('backfills.withDependents')}</Tag>}
            {b.parallelism > 1 && <Tag>{t('backfills.atOnce', { count: b.parallelism })}</Tag>}
          </Space>
        </Space>
      ),
    },
    { title: t('backfills.progress'), key: 'progress', render: (_, b) => <BackfillProgress b={b} /> },
    {
      title: t('common.created'),
      key: 'created',
      render: (_, b) => (
        <Space direction="vertical" size={0}>
          <span>{formatTime(b.createdAt)}</span>
          {b.createdBy && <Typography.Text type="secondary">{b.createdBy}</Typography.Text>}
        </Space>
      ),
    },
  ];
  if (canOperate) {
    columns.push({
      title: t('jobs.actions'),
      key: 'actions',
      render: (_, b) =>
        b.status === 'RUNNING' || b.status === 'PAUSED' ? (
          <Space size={4} wrap>
            {b.status === 'RUNNING' ? (
              <Button size="small" loading={busy(b)} onClick={() => change.mutate({ b, action: 'pause' })}>
                {t('backfills.pause')}
              </Button>
            ) : (
              <Button size="small" loading={busy(b)} onClick={() => change.mutate({ b, action: 'resume' })}>
                {t('backfills.resume')}
              </Button>
            )}
            <Popconfirm
              title={t('backfills.cancelConfirm', { id: b.id })}
              description={t('backfills.cancelHelp')}
              okText={t('backfills.cancelBackfill')}
              cancelText={t('backfills.keep')}
              okButtonProps={{ danger: true }}
              onConfirm={() => change.mutate({ b, action: 'cancel' })}
            >
              <Button size="small" danger disabled={busy(b)}>
                {t('backfills.cancelBackfill')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    });
  }
  return (
    <Card size="small" title={t('backfills.title')} data-testid="job-backfills">
      {backfills.isError && <QueryError error={backfills.error} onRetry={() => void backfills.refetch()} />}
      <Table<Backfill>
        rowKey={(b) => String(b.id)}
        size="small"
        pagination={false}
        columns={columns}
        dataSource={backfills.data ?? []}
        loading={backfills.isLoading}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('backfills.none') }}
      />
    </Card>
  );
}
