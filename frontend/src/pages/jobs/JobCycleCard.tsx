/**
 * The current cycle of a job with upstreams: each upstream, how it stands in the cycle and
 * whether it counts yet (has succeeded in it), and why the job waits when it does.
 */
import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { QueryError } from '../../components/QueryError';
import { formatTime } from '../../format';
import { paths } from '../../paths';
import { StatusTag } from '../executions/StatusTag';
import { jobsApi } from './api';
import type { CycleUpstream, Job } from './types';
import { t } from '../../i18n';
import { reasonsText } from '../../i18n/reasons';

/** While the job waits its upstreams move on their own: look again every few seconds. */
const WAITING_POLL_MS = 3000;

export function JobCycleCard({ job }: { job: Pick<Job, 'id'> }) {
  const cycle = useQuery({
    queryKey: ['jobs', 'one', String(job.id), 'cycle'],
    queryFn: () => jobsApi.cycle(job.id),
    refetchInterval: (q) => (q.state.data?.waiting ? WAITING_POLL_MS : 15_000),
  });
  const columns: ColumnsType<CycleUpstream> = [
    {
      title: t('jobs.upstream'),
      dataIndex: 'name',
      render: (name: string, u) => <Link to={paths.job(u.jobId)}>{name}</Link>,
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (_: unknown, u) =>
        u.status === 'NONE' ? (
          <Tag data-status="NONE">{t('jobs.notRunInCycle')}</Tag>
        ) : u.executionId != null ? (
          <Link to={paths.execution(u.executionId)}>
            <StatusTag status={u.status} />
          </Link>
        ) : (
          <StatusTag status={u.status} />
        ),
    },
    {
      title: t('jobs.counts'),
      dataIndex: 'counts',
      render: (counts: boolean) =>
        counts ? (
          <Space size={4}>
            <CheckCircleFilled style={{ color: '#52c41a' }} />
            {t('common.yes')}
          </Space>
        ) : (
          <Space size={4}>
            <MinusCircleOutlined />
            {t('jobs.countsNotYet')}
          </Space>
        ),
    },
    { title: t('executions.finished'), dataIndex: 'finishedAt', render: formatTime },
  ];
  const c = cycle.data;
  return (
    <Card
      size="small"
      title={t('jobs.currentCycle')}
      data-testid="job-cycle"
      extra={c?.cycleStart ? <Typography.Text type="secondary">{t('jobs.cycleSince', { time: formatTime(c.cycleStart) })}</Typography.Text> : null}
    >
      {cycle.isError && <QueryError error={cycle.error} onRetry={() => void cycle.refetch()} />}
      {c && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert
            type={c.waiting ? 'info' : 'success'}
            showIcon
            message={
              c.waiting
                ? c.reason
                  ? reasonsText(c.reasons, c.reason)
                  : t('jobs.waitingForUpstreams')
                : c.upstreams.every((u) => u.counts)
                  ? t('jobs.upstreamsAllSucceeded')
                  : t('jobs.notWaiting')
            }
          />
          <Table<CycleUpstream>
            rowKey="jobId"
            size="small"
            pagination={false}
            columns={columns}
            dataSource={c.upstreams}
            scroll={{ x: 'max-content' }}
          />
        </Space>
      )}
    </Card>
  );
}
