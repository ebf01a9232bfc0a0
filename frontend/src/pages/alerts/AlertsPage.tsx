import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Select, Table, Tag, Tooltip, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { QueryError } from '../../components/QueryError';
import { serverPagination } from '../../components/serverPagination';
import { formatTime } from '../../format';
import { paths } from '../../paths';
import { ALERTS_POLL_MS, alertsApi } from './api';
import { useAlertChannels } from './useAlertChannels';
import { ALERT_KINDS, ALERT_STATUSES, type Alert, type AlertFilter, type AlertKind, type AlertStatus } from './types';
import { enumLabel, t } from '../../i18n';

const STATUS_COLOR: Record<AlertStatus, string> = { SENT: 'success', FAILED: 'error', SUPPRESSED: 'default', NO_CHANNEL: 'warning' };

/** The alert history, newest first, paged and filtered on the server; filters live in the URL. */
export default function AlertsPage() {
  const [params, setParams] = useSearchParams();
  const filter: AlertFilter = {
    jobId: params.get('jobId') ?? undefined,
    channelId: params.get('channelId') ?? undefined,
    kind: (params.get('kind') as AlertKind | null) ?? undefined,
    status: (params.get('status') as AlertStatus | null) ?? undefined,
    page: Number(params.get('page') ?? 1),
    size: Number(params.get('size') ?? 20),
  };
  const update = (changes: Partial<Record<keyof AlertFilter, string | number | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  const alerts = useQuery({
    queryKey: ['alerts', filter],
    queryFn: ({ signal }) => alertsApi.history(filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: ALERTS_POLL_MS,
  });
  const channels = useAlertChannels();

  return (
    <Card title={<Typography.Title level={4} style={{ margin: 0 }}>{t('common.alerts')}</Typography.Title>}>
      <Row gutter={[8, 8]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Select allowClear placeholder={t('common.status')} style={{ width: '100%' }} value={filter.status} onChange={(status?: string) => update({ status })}
            options={ALERT_STATUSES.map((s) => ({ value: s, label: enumLabel('alertStatus', s) }))} />
        </Col>
        <Col xs={12} md={6}>
          <Select allowClear placeholder={t('alerts.kind')} style={{ width: '100%' }} value={filter.kind} onChange={(kind?: string) => update({ kind })}
            options={ALERT_KINDS.map((k) => ({ value: k, label: enumLabel('alertKind', k) }))} />
        </Col>
        <Col xs={24} md={6}>
          <Select allowClear placeholder={t('alerts.channel')} style={{ width: '100%' }} value={filter.channelId} onChange={(channelId?: string) => update({ channelId })}
            options={(channels.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }))} />
        </Col>
      </Row>
      {alerts.isError && <QueryError error={alerts.error} onRetry={() => void alerts.refetch()} />}
      <Table<Alert>
        rowKey="id"
        size="middle"
        loading={alerts.isFetching && !alerts.data}
        dataSource={alerts.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        pagination={serverPagination(alerts.data, 'pagination.alerts', (page, size) => update({ page, size }))}
        columns={[
          { title: t('alerts.raised'), dataIndex: 'createdAt', render: formatTime },
          { title: t('alerts.kind'), dataIndex: 'kind', render: (k: string) => enumLabel('alertKind', k) },
          { title: t('common.status'), dataIndex: 'status', render: (s: AlertStatus) => <Tag color={STATUS_COLOR[s]}>{enumLabel('alertStatus', s)}</Tag> },
          { title: t('alerts.channel'), dataIndex: 'channelId', render: (id?: number | null) => <span data-literal>{channels.nameOf(id)}</span> },
          {
            title: t('alerts.about'),
            key: 'about',
            render: (_, a) =>
              a.jobId ? (
                <>
                  <Link to={paths.job(a.jobId)}>{t('alerts.jobN', { id: a.jobId })}</Link>
                  {a.executionId && (
                    <>
                      {' · '}
                      <Link to={paths.execution(a.executionId)}>#{a.executionId}</Link>
                    </>
                  )}
                </>
              ) : (
                <span data-literal>{a.agentId ?? '—'}</span>
              ),
          },
          {
            title: t('alerts.message'),
            key: 'message',
            responsive: ['md'],
            render: (_, a) => (
              <Tooltip title={a.text ? <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{a.text}</pre> : undefined}>
                {/* the message as it went out, in the language of its channel */}
                <Typography.Text ellipsis style={{ maxWidth: 320 }} data-literal>
                  {a.subject ?? '—'}
                </Typography.Text>
              </Tooltip>
            ),
          },
          {
            title: t('common.error'),
            dataIndex: 'error',
            responsive: ['lg'],
            render: (e?: string | null) => (e ? <Typography.Text type="danger" ellipsis style={{ maxWidth: 240 }}>{e}</Typography.Text> : null),
          },
        ]}
      />
    </Card>
  );
}
