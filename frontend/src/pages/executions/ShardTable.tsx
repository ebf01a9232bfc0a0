import { Table, Tag, Typography } from 'antd';
import { formatTime } from '../../format';
import { t } from '../../i18n';
import { noteText } from '../../i18n/reasons';
import { StatusTag } from './StatusTag';
import { EXECUTION_STATUSES, type ExecutionStatus, type Shard } from './types';

/** A shard's status as a run's tag; a status this dashboard does not know yet as it is. */
function ShardStatus({ status }: { status: string }) {
  return (EXECUTION_STATUSES as readonly string[]).includes(status) ? <StatusTag status={status as ExecutionStatus} /> : <Tag>{status}</Tag>;
}

/** The calls of a sharded or broadcast run, by index, with the instance each went to. */
export function ShardTable({ shards }: { shards: Shard[] }) {
  return (
    <Table<Shard>
      size="small"
      rowKey="index"
      pagination={shards.length > 20 ? { pageSize: 20, size: 'small' } : false}
      dataSource={shards}
      columns={[
        { title: '#', dataIndex: 'index', width: 56 },
        { title: t('executions.instance'), dataIndex: 'instance', render: (v?: string | null) => v ?? '—' },
        { title: t('common.status'), dataIndex: 'status', render: (v: string) => <ShardStatus status={v} /> },
        { title: t('executions.attempt'), dataIndex: 'attempt', width: 80 },
        { title: t('common.started'), dataIndex: 'startedAt', render: (v?: string | null) => formatTime(v) },
        { title: t('executions.ended'), dataIndex: 'finishedAt', render: (v?: string | null) => formatTime(v) },
        {
          title: t('common.error'),
          dataIndex: 'error',
          // the platform's own note in the reader's language; a target's answer as it said it
          render: (v: string | null | undefined, shard) =>
            v ? <Typography.Text type="danger">{noteText(shard.reason, v)}</Typography.Text> : '—',
        },
      ]}
    />
  );
}
