import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Row, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { QueryError } from '../../components/QueryError';
import { useDebouncedValue } from '../../hooks';
import { agentsApi } from '../agents/api';
import { jobsApi } from '../jobs/api';
import { executionsApi } from './api';
import { executionsPollMs, ExecutionsTable } from './ExecutionsTable';
import { EXECUTION_STATUSES, TRIGGERS, type ExecutionFilter } from './types';
import { enumLabel, t } from '../../i18n';

export default function ExecutionsPage() {
  const [searchParams] = useSearchParams();
  const [filter, setFilter] = useState<ExecutionFilter>(() => ({
    page: 1,
    size: 20,
    jobId: searchParams.get('jobId') ?? undefined,
    status: (searchParams.get('status') as ExecutionFilter['status']) ?? undefined,
  }));
  const [jobSearch, setJobSearch] = useState('');
  const jobName = useDebouncedValue(jobSearch, 300);

  const executions = useQuery({
    queryKey: ['executions', filter],
    queryFn: ({ signal }) => executionsApi.list(filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => executionsPollMs(q.state.data),
  });
  const jobs = useQuery({
    queryKey: ['jobs', { name: jobName, page: 1, size: 20 }],
    queryFn: ({ signal }) => jobsApi.list({ name: jobName || undefined, page: 1, size: 20 }, signal),
  });
  const agents = useQuery({ queryKey: ['agents'], queryFn: ({ signal }) => agentsApi.list(signal) });

  const update = (patch: Partial<ExecutionFilter>) => setFilter((f) => ({ ...f, page: 1, ...patch }));
  const onRange = (range: [Dayjs | null, Dayjs | null] | null) =>
    update({ from: range?.[0]?.toISOString() ?? undefined, to: range?.[1]?.toISOString() ?? undefined });

  return (
    <Card title={<Typography.Title level={4} style={{ margin: 0 }}>{t('common.executions')}</Typography.Title>}>
      <Row gutter={[8, 8]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={6}>
          <Select
            style={{ width: '100%' }}
            placeholder={t('common.job')}
            allowClear
            showSearch
            filterOption={false}
            onSearch={setJobSearch}
            defaultValue={filter.jobId === undefined ? undefined : String(filter.jobId)}
            options={(jobs.data?.items ?? []).map((j) => ({ value: String(j.id), label: j.name }))}
            onChange={(jobId?: string) => update({ jobId })}
          />
        </Col>
        <Col xs={12} md={4}>
          <Select
            style={{ width: '100%' }}
            placeholder={t('common.agent')}
            allowClear
            options={(agents.data ?? []).map((a) => ({ value: a.id, label: a.id }))}
            onChange={(agentId?: string) => update({ agentId })}
          />
        </Col>
        <Col xs={12} md={4}>
          <Select
            style={{ width: '100%' }}
            placeholder={t('common.status')}
            allowClear
            defaultValue={filter.status}
            options={EXECUTION_STATUSES.map((s) => ({ value: s, label: enumLabel('executionStatus', s) }))}
            onChange={(status) => update({ status })}
          />
        </Col>
        <Col xs={12} md={4}>
          <Select
            style={{ width: '100%' }}
            placeholder={t('executions.trigger')}
            allowClear
            options={TRIGGERS.map((trigger) => ({ value: trigger, label: enumLabel('trigger', trigger) }))}
            onChange={(trigger) => update({ trigger })}
          />
        </Col>
        <Col xs={24} md={6}>
          <DatePicker.RangePicker style={{ width: '100%' }} showTime onChange={onRange} />
        </Col>
      </Row>
      {executions.isError && <QueryError error={executions.error} onRetry={() => void executions.refetch()} />}
      <ExecutionsTable
        page={executions.data}
        loading={executions.isFetching && !executions.data}
        onPageChange={(page, size) => setFilter((f) => ({ ...f, page, size }))}
      />
    </Card>
  );
}
