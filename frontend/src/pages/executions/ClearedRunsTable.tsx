import { Table, Typography } from 'antd';
import { formatTime } from '../../format';
import { enumLabel, t } from '../../i18n';
import { noteText } from '../../i18n/reasons';
import { StatusTag } from './StatusTag';
import type { ClearedRun, ExecutionStatus, Trigger } from './types';

/** The earlier runs of a cleared execution row, oldest first: its chain before it ran again. */
export function ClearedRunsTable({ runs }: { runs: ClearedRun[] }) {
  return (
    <Table<ClearedRun>
      size="small"
      rowKey="run"
      pagination={false}
      dataSource={runs}
      columns={[
        { title: t('executions.runNumber'), dataIndex: 'run', width: 64 },
        { title: t('executions.trigger'), dataIndex: 'trigger', render: (v: string) => enumLabel('trigger', v as Trigger) },
        { title: t('common.status'), dataIndex: 'status', render: (v: ExecutionStatus) => <StatusTag status={v} /> },
        { title: t('executions.attempt'), dataIndex: 'attempt', width: 80 },
        { title: t('common.started'), dataIndex: 'startedAt', render: (v?: string | null) => formatTime(v) },
        { title: t('executions.ended'), dataIndex: 'finishedAt', render: (v?: string | null) => formatTime(v) },
        {
          title: t('common.error'),
          dataIndex: 'error',
          // the platform's own note in the reader's language; a target's answer as it said it
          render: (v: string | null | undefined, r) =>
            v ? <Typography.Text type="danger">{noteText(r.reason, v)}</Typography.Text> : '—',
        },
        { title: t('executions.cleared'), dataIndex: 'clearedAt', render: (v: string, r) => `${formatTime(v)} · ${r.clearedBy ?? '—'}` },
      ]}
    />
  );
}
