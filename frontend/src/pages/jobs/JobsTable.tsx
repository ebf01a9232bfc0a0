import { CopyOutlined, DeleteOutlined, EditOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { CheckboxProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { serverPagination } from '../../components/serverPagination';
import { formatInZone, formatTime } from '../../format';
import { paths } from '../../paths';
import { StatusTag } from '../executions/StatusTag';
import type { Page } from '../../api/http';
import { JobAgent } from './JobAgent';
import type { Job } from './types';
import { enumLabel, t } from '../../i18n';

interface Props {
  page: Page<Job> | undefined;
  loading: boolean;
  canOperate: boolean;
  onPageChange: (page: number, size: number) => void;
  onToggle: (job: Job, enabled: boolean) => void;
  onRun: (job: Job) => void;
  onEdit: (job: Job) => void;
  onClone: (job: Job) => void;
  onDelete: (job: Job) => void;
  /** Ids of the rows ticked (to export only those), and what to do when that changes. */
  selected?: Job['id'][];
  onSelect?: (ids: Job['id'][]) => void;
}

/** One server page of jobs; paging is the server's, the table only asks for another page. */
export function JobsTable({
  page,
  loading,
  canOperate,
  onPageChange,
  onToggle,
  onRun,
  onEdit,
  onClone,
  onDelete,
  selected,
  onSelect,
}: Props) {
  const columns: ColumnsType<Job> = [
    {
      title: t('common.name'),
      dataIndex: 'name',
      render: (name: string, job) => (
        <Space direction="vertical" size={0}>
          <Link to={paths.job(job.id)} data-literal>
            {name}
          </Link>
          {job.description && (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 280 }}>
              <span data-literal>{job.description}</span>
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('common.schedule'),
      dataIndex: 'schedule',
      render: (s: string, job) => (
        <Tooltip title={job.timeZone}>
          <Typography.Text code>{s}</Typography.Text>
        </Tooltip>
      ),
    },
    { title: t('jobs.target'), key: 'target', responsive: ['lg'], render: (_, job) => `${job.target.type} ${enumLabel('targetMode', job.target.mode)}` },
    {
      title: t('jobs.owner'),
      key: 'owner',
      render: (_, job) => (
        <Space direction="vertical" size={0}>
          <span data-literal>{job.owner ?? '—'}</span>
          <span data-literal>
            {Object.entries(job.labels ?? {}).map(([k, v]) => (
              <Tag key={k} style={{ marginTop: 2 }}>
                {k}={v}
              </Tag>
            ))}
          </span>
        </Space>
      ),
    },
    { title: t('common.agent'), key: 'agent', responsive: ['md'], render: (_, job) => <JobAgent job={job} /> },
    {
      title: t('jobs.lastRun'),
      key: 'last',
      render: (_, job) =>
        job.lastExecution ? (
          <Space direction="vertical" size={0}>
            <Link to={paths.execution(job.lastExecution.id)}>
              <StatusTag status={job.lastExecution.status} />
            </Link>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatTime(job.lastExecution.scheduledAt)}
            </Typography.Text>
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: t('jobs.nextFire'),
      key: 'next',
      render: (_, job) =>
        job.nextFireAt ? (
          <Tooltip title={`${formatInZone(job.nextFireAt, job.timeZone)} (${job.timeZone})`}>
            <Typography.Text>{formatTime(job.nextFireAt)}</Typography.Text>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    {
      title: t('common.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean, job) => (
        <Switch
          size="small"
          checked={enabled}
          disabled={!canOperate}
          aria-label={t(enabled ? 'jobs.disableName' : 'jobs.enableName', { name: job.name })}
          onChange={(checked) => onToggle(job, checked)}
        />
      ),
    },
  ];
  if (canOperate) {
    columns.push({
      title: t('jobs.actions'),
      key: 'actions',
      render: (_, job) => (
        <Space size={4}>
          <Tooltip title={t('jobs.runNow')}>
            <Button size="small" icon={<PlayCircleOutlined />} aria-label={t('jobs.runName', { name: job.name })} onClick={() => onRun(job)} />
          </Tooltip>
          <Tooltip title={t('jobs.edit')}>
            <Button size="small" icon={<EditOutlined />} aria-label={t('common.editNameAction', { name: job.name })} onClick={() => onEdit(job)} />
          </Tooltip>
          <Tooltip title={t('jobs.clone')}>
            <Button size="small" icon={<CopyOutlined />} aria-label={t('jobs.cloneNameAction', { name: job.name })} onClick={() => onClone(job)} />
          </Tooltip>
          <Popconfirm
            title={t('common.deleteName', { name: job.name })}
            description={t('jobs.itsScheduleStopsPastExecutions')}
            okText={t('common.delete')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(job)}
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.deleteNameAction', { name: job.name })} />
          </Popconfirm>
        </Space>
      ),
    });
  }
  return (
    <Table<Job>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={page?.items ?? []}
      loading={loading}
      pagination={serverPagination(page, 'pagination.jobs', onPageChange)}
      rowSelection={
        onSelect && {
          selectedRowKeys: selected ?? [],
          preserveSelectedRowKeys: true,
          onChange: (keys) => onSelect(keys as Job['id'][]),
          // antd passes aria attributes on to the checkbox; its type leaves them out
          getCheckboxProps: (job) => ({ 'aria-label': t('jobs.selectName', { name: job.name }) }) as CheckboxProps,
          // antd's own label of the select-all box is English
          getTitleCheckboxProps: () => ({ 'aria-label': t('jobs.selectAllOnPage') }) as CheckboxProps,
        }
      }
      scroll={{ x: 'max-content' }}
    />
  );
}
