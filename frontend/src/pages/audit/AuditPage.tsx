import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Input, Row, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router-dom';
import { QueryError } from '../../components/QueryError';
import { auditApi } from './api';
import { AuditTable } from './AuditTable';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, type AuditAction, type AuditFilter, type AuditObjectType } from './types';
import { enumLabel, t } from '../../i18n';

/** The audit log (admins): who changed what, when and from where; filters live in the URL. */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filter: AuditFilter = {
    actor: params.get('actor') ?? undefined,
    action: (params.get('action') as AuditAction | null) ?? undefined,
    objectType: (params.get('objectType') as AuditObjectType | null) ?? undefined,
    objectId: params.get('objectId') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    page: Number(params.get('page') ?? 1),
    size: Number(params.get('size') ?? 20),
  };
  const update = (changes: Partial<Record<keyof AuditFilter, string | number | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  const entries = useQuery({
    queryKey: ['audit', filter],
    queryFn: ({ signal }) => auditApi.list(filter, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <Card title={<Typography.Title level={4} style={{ margin: 0 }}>{t('common.auditLog')}</Typography.Title>}>
      <Row gutter={[8, 8]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={4}>
          <Input.Search allowClear placeholder={t('audit.user')} aria-label={t('audit.user')} defaultValue={filter.actor} onSearch={(actor) => update({ actor: actor.trim() })} />
        </Col>
        <Col xs={12} md={5}>
          <Select allowClear placeholder={t('common.action')} aria-label={t('common.action')} style={{ width: '100%' }} value={filter.action} onChange={(action?: string) => update({ action })}
            options={AUDIT_ACTIONS.map((a) => ({ value: a, label: enumLabel('auditAction', a) }))} />
        </Col>
        <Col xs={12} md={4}>
          <Select allowClear placeholder={t('audit.objectType')} aria-label={t('audit.objectType')} style={{ width: '100%' }} value={filter.objectType}
            onChange={(objectType?: string) => update({ objectType })} options={AUDIT_OBJECT_TYPES.map((o) => ({ value: o, label: enumLabel('auditObject', o) }))} />
        </Col>
        <Col xs={12} md={4}>
          <Input.Search allowClear placeholder={t('audit.objectId')} aria-label={t('audit.objectId')} defaultValue={filter.objectId} onSearch={(objectId) => update({ objectId: objectId.trim() })} />
        </Col>
        <Col xs={24} md={7}>
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} style={{ width: '100%' }}
            value={[filter.from ? dayjs(filter.from) : null, filter.to ? dayjs(filter.to) : null]}
            onChange={(range) => update({ from: range?.[0]?.toISOString(), to: range?.[1]?.toISOString() })} />
        </Col>
      </Row>
      {entries.isError && <QueryError error={entries.error} onRetry={() => void entries.refetch()} />}
      <AuditTable page={entries.data} loading={entries.isFetching && !entries.data} onPageChange={(page, size) => update({ page, size })} />
    </Card>
  );
}
