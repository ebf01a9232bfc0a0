import { StopOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Progress, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { useApiErrorHandler } from '../../api/errors';
import type { Page } from '../../api/http';
import { useCanOperate } from '../../auth/AuthProvider';
import { serverPagination } from '../../components/serverPagination';
import { executionsApi } from './api';
import { formatDuration, formatTime } from '../../format';
import { paths } from '../../paths';
import { StatusTag } from './StatusTag';
import { isActive, isUnfinished, type Execution } from './types';
import { enumLabel, t } from '../../i18n';
import { noteText } from '../../i18n/reasons';

interface Props {
  page: Page<Execution> | undefined;
  loading: boolean;
  onPageChange: (page: number, size: number) => void;
  /** Hide the job column where every row is of one job. */
  showJob?: boolean;
}

function Outcome({ execution }: { execution: Execution }) {
  if (isActive(execution.status) && execution.progress !== null && execution.progress !== undefined) {
    return <Progress percent={execution.progress} size="small" style={{ minWidth: 120 }} />;
  }
  // a note the platform wrote reads in the reader's language; a target's answer as it said it
  const text = (execution.error && noteText(execution.reason, execution.error)) || execution.output;
  if (!text) return null;
  return (
    <Tooltip title={<pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{text}</pre>}>
      <Typography.Text type={execution.error ? 'danger' : 'secondary'} ellipsis style={{ maxWidth: 320 }}>
        {execution.error && execution.reason ? text : <span data-literal>{text}</span>}
      </Typography.Text>
    </Tooltip>
  );
}

/** Cancel for pending and running runs, offered to those who may change things. */
function CancelButton({ execution }: { execution: Execution }) {
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const { message } = App.useApp();
  const cancel = useMutation({
    mutationFn: () => executionsApi.cancel(execution.id),
    onSuccess: () => {
      message.info(t('executions.cancelOfIdRequested', { id: execution.id }));
      void queryClient.invalidateQueries({ queryKey: ['executions'] });
    },
    onError: (e) => handleError(e),
  });
  return (
    <Popconfirm title={t('executions.cancelRunId', { id: execution.id })} okText={t('executions.cancelRun')} okButtonProps={{ danger: true }} onConfirm={() => cancel.mutate()}>
      <Button size="small" danger icon={<StopOutlined />} loading={cancel.isPending} aria-label={t('executions.cancelId', { id: execution.id })} />
    </Popconfirm>
  );
}

export function ExecutionsTable({ page, loading, onPageChange, showJob = true }: Props) {
  const canOperate = useCanOperate();
  const columns: ColumnsType<Execution> = [
    {
      title: t('executions.id'),
      dataIndex: 'id',
      render: (id: Execution['id']) => <Link to={paths.execution(id)}>#{id}</Link>,
    },
    ...(showJob
      ? [
          {
            title: t('common.job'),
            dataIndex: 'jobName',
            render: (name: string, e: Execution) => (
              <Link to={paths.job(e.jobId)} data-literal>
                {name ?? e.jobId}
              </Link>
            ),
          },
        ]
      : []),
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (_: unknown, e: Execution) => <StatusTag status={e.status} />,
    },
    { title: t('executions.trigger'), dataIndex: 'trigger', responsive: ['md'], render: (trigger: string) => enumLabel('trigger', trigger) },
    { title: t('executions.scheduled'), dataIndex: 'scheduledAt', render: formatTime },
    {
      title: t('executions.duration'),
      key: 'duration',
      render: (_, e) => formatDuration(e.startedAt, e.finishedAt),
    },
    { title: t('executions.attempt'), dataIndex: 'attempt', responsive: ['md'] },
    { title: t('common.agent'), dataIndex: 'agentId', responsive: ['lg'], render: (a: string | null) => <span data-literal>{a ?? '—'}</span> },
    { title: t('executions.outputError'), key: 'outcome', responsive: ['md'], render: (_, e) => <Outcome execution={e} /> },
    ...(canOperate
      ? [{ title: '', key: 'cancel', render: (_: unknown, e: Execution) => isActive(e.status) && <CancelButton execution={e} /> }]
      : []),
  ];
  return (
    <Table<Execution>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={page?.items ?? []}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={serverPagination(page, 'pagination.runs', onPageChange)}
    />
  );
}

/** Lists with a running or pending run refresh quickly; quiet ones slowly. */
export function executionsPollMs(page: Page<Execution> | undefined): number {
  return page?.items.some((e) => isUnfinished(e.status)) ? 2000 : 10_000;
}
