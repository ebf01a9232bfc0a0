/** The history of workflow runs, newest first; a row unfolds to the run's tree. */
import { Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { formatDuration, formatTime } from '../../format';
import { paths } from '../../paths';
import { StatusTag } from '../executions/StatusTag';
import { RunTree } from './RunTree';
import type { WorkflowRun } from './types';
import { t } from '../../i18n';
import { noteText } from '../../i18n/reasons';

export function WorkflowRunsTable({ runs, loading }: { runs: WorkflowRun[] | undefined; loading: boolean }) {
  const columns: ColumnsType<WorkflowRun> = [
    {
      title: t('workflows.firstRun'),
      dataIndex: 'rootId',
      render: (id: WorkflowRun['rootId']) => <Link to={paths.execution(id)}>#{id}</Link>,
    },
    {
      title: t('workflows.startedWith'),
      dataIndex: 'rootJobName',
      render: (name: string, r) => (
        <Link to={paths.job(r.rootJobId)}>
          <span data-literal>{name}</span>
        </Link>
      ),
    },
    { title: t('common.status'), dataIndex: 'status', render: (_: unknown, r) => <StatusTag status={r.status} /> },
    {
      title: t('workflows.runs'),
      key: 'runs',
      render: (_, r) => (
        <Space size={8} data-testid="workflow-run-counts">
          <span>{t('workflows.runsCount', { count: r.runs })}</span>
          <Typography.Text type="success">{t('workflows.succeededCount', { count: r.succeeded })}</Typography.Text>
          {r.failed > 0 && <Typography.Text type="danger">{t('workflows.failedCount', { count: r.failed })}</Typography.Text>}
          {r.error && <Typography.Text type="danger">{noteText(r.reason, r.error)}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('common.started'), dataIndex: 'startedAt', render: formatTime },
    { title: t('executions.finished'), dataIndex: 'finishedAt', render: formatTime, responsive: ['md'] },
    { title: t('executions.duration'), key: 'duration', render: (_, r) => formatDuration(r.startedAt, r.finishedAt) },
  ];
  return (
    <Table<WorkflowRun>
      rowKey={(r) => String(r.rootId)}
      size="middle"
      columns={columns}
      dataSource={runs ?? []}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      expandable={{ expandedRowRender: (r) => <RunTree executionId={r.rootId} /> }}
      locale={{ emptyText: t('workflows.noRunsYet') }}
    />
  );
}
