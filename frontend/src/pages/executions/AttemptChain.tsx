import { SwapOutlined } from '@ant-design/icons';
import { Table, Tag, Typography } from 'antd';
import { formatTime } from '../../format';
import { t } from '../../i18n';
import { noteText } from '../../i18n/reasons';
import { StatusTag } from './StatusTag';
import type { Attempt } from './types';

/** How an attempt ended: a run's status, or "moved" when the run went on at another instance. */
function Ending({ status }: { status?: Attempt['status'] }) {
  if (!status) return <StatusTag status="RUNNING" />;
  if (status === 'MOVED')
    return (
      <Tag color="blue" icon={<SwapOutlined />}>
        {t('executions.attemptMoved')}
      </Tag>
    );
  return <StatusTag status={status} />;
}

/** A run's attempts with the instance each went to, oldest first. */
export function AttemptChain({ attempts }: { attempts: Attempt[] }) {
  return (
    <Table<Attempt>
      size="small"
      rowKey="attempt"
      pagination={false}
      dataSource={attempts}
      columns={[
        { title: '#', dataIndex: 'attempt', width: 56 },
        { title: t('executions.instance'), dataIndex: 'instance', render: (v?: string | null) => v ?? '—' },
        { title: t('common.agent'), dataIndex: 'agentId', render: (v?: string | null) => v ?? '—' },
        { title: t('common.started'), dataIndex: 'startedAt', render: (v?: string | null) => formatTime(v) },
        { title: t('executions.ended'), dataIndex: 'endedAt', render: (v?: string | null) => formatTime(v) },
        { title: t('common.status'), dataIndex: 'status', render: (_: unknown, a) => <Ending status={a.status} /> },
        {
          title: t('executions.note'),
          dataIndex: 'note',
          // the platform's own note in the reader's language; a target's answer as it said it
          render: (v: string | null | undefined, a) => (v ? <Typography.Text>{noteText(a.reason, v)}</Typography.Text> : '—'),
        },
      ]}
    />
  );
}
