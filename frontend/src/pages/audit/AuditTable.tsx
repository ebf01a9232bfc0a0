import { Button, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Page } from '../../api/http';
import { serverPagination } from '../../components/serverPagination';
import { formatTime } from '../../format';
import { paths } from '../../paths';
import type { AuditAction, AuditChange, AuditEntry } from './types';
import { enumLabel, t } from '../../i18n';

const ACTION_COLOR: Partial<Record<AuditAction, string>> = {
  JOB_DELETE: 'error',
  USER_DELETE: 'error',
  CHANNEL_DELETE: 'error',
  LOGIN_FAILED: 'warning',
  LOGIN_REFUSED: 'warning',
  EXECUTION_CANCEL: 'warning',
  JOB_CREATE: 'success',
  USER_CREATE: 'success',
  CHANNEL_CREATE: 'success',
  SERVICE_TOKEN_CREATE: 'success',
  SERVICE_TOKEN_REVOKE: 'error',
  SERVICE_TOKEN_DELETE: 'error',
};

const absent = <Typography.Text type="secondary">—</Typography.Text>;

/** Fields shown before "N more fields": a new job lists every field it has. */
const FOLDED = 4;

/** The fields a change touched: field, before, after; a long list folded. */
export function ChangesView({ changes }: { changes: AuditChange[] }) {
  const [open, setOpen] = useState(false);
  if (changes.length === 0) return absent;
  const folds = changes.length > FOLDED + 1 && !open;
  const shown = folds ? changes.slice(0, FOLDED) : changes;
  return (
    <table className="crony-audit-changes" style={{ borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          {[t('audit.field'), t('audit.before'), t('audit.after')].map((h) => (
            <th key={h} style={{ textAlign: 'left', padding: '0 12px 2px 0', fontWeight: 500 }}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {shown.map((c) => (
          <tr key={c.field}>
            <td style={{ padding: '0 12px 2px 0' }}>
              <Typography.Text code>{c.field}</Typography.Text>
            </td>
            <td style={{ padding: '0 12px 2px 0', maxWidth: 200, wordBreak: 'break-all' }}>
              {c.before === null ? absent : <Typography.Text delete data-literal>{c.before}</Typography.Text>}
            </td>
            <td style={{ padding: '0 0 2px 0', maxWidth: 200, wordBreak: 'break-all' }}>
              {c.after === null ? absent : <Typography.Text data-literal>{c.after}</Typography.Text>}
            </td>
          </tr>
        ))}
      </tbody>
      {folds && (
        <tfoot>
          <tr>
            <td colSpan={3}>
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(true)}>
                {t('audit.moreFields', { count: changes.length - FOLDED })}
              </Button>
            </td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}

function objectLabel(e: AuditEntry) {
  const name = e.objectName ?? (e.objectId ? `#${e.objectId}` : '—');
  const label = (
    <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 200, color: 'inherit' }} data-literal>
      {name}
    </Typography.Text>
  );
  return (
    <>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {enumLabel('auditObject', e.objectType)}
      </Typography.Text>
      {e.objectType === 'JOB' && e.objectId ? <Link to={paths.job(e.objectId)}>{label}</Link> : label}
    </>
  );
}

function actorLabel(e: AuditEntry) {
  if (e.actorType === 'ANONYMOUS') return <Typography.Text type="secondary">{e.actorName ? t('audit.anonymousAsActorname', { actorName: e.actorName }) : t('audit.anonymous')}</Typography.Text>;
  return <span data-literal>{e.actorName ?? '—'}</span>;
}

interface Props {
  page: Page<AuditEntry> | undefined;
  loading: boolean;
  /** The object column, off on a job's own history. */
  showObject?: boolean;
  onPageChange: (page: number, size: number) => void;
}

/** Audit rows, newest first, paged on the server. */
export function AuditTable({ page, loading, showObject = true, onPageChange }: Props) {
  return (
    <Table<AuditEntry>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={page?.items ?? []}
      scroll={{ x: 'max-content' }}
      pagination={serverPagination(page, 'pagination.records', onPageChange)}
      columns={[
        { title: t('audit.when'), dataIndex: 'at', render: formatTime },
        { title: t('audit.who'), key: 'actor', render: (_, e) => actorLabel(e) },
        { title: t('common.address'), dataIndex: 'address', render: (a?: string | null) => <span data-literal>{a ?? '—'}</span> },
        { title: t('common.action'), dataIndex: 'action', render: (a: AuditAction) => <Tag color={ACTION_COLOR[a]}>{enumLabel('auditAction', a)}</Tag> },
        ...(showObject
          ? [{ title: t('audit.object'), key: 'object', render: (_: unknown, e: AuditEntry) => objectLabel(e) }]
          : []),
        { title: t('common.changes'), key: 'changes', render: (_, e) => <ChangesView changes={e.changes} /> },
      ]}
    />
  );
}
