import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Input, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useCanOperate } from '../../auth/AuthProvider';
import { agentsApi } from '../agents/api';
import { EXECUTION_STATUSES } from '../executions/types';
import { jobsApi } from './api';
import { JobFormDrawer } from './JobFormDrawer';
import { JobsTable } from './JobsTable';
import { RunJobModal } from './RunJobModal';
import type { Job, JobFilter } from './types';
import { useJobActions } from './useJobActions';

export default function JobsPage() {
  const canOperate = useCanOperate();
  const [filter, setFilter] = useState<JobFilter>({ page: 1, size: 20 });
  const [editing, setEditing] = useState<Job | 'new' | null>(null);
  const [running, setRunning] = useState<Job | null>(null);
  const { setEnabled, remove } = useJobActions();

  const jobs = useQuery({
    queryKey: ['jobs', filter],
    queryFn: ({ signal }) => jobsApi.list(filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
  const agents = useQuery({ queryKey: ['agents'], queryFn: ({ signal }) => agentsApi.list(signal) });

  const update = (patch: Partial<JobFilter>) => setFilter((f) => ({ ...f, page: 1, ...patch }));

  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>Jobs</Typography.Title>}
      extra={
        canOperate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            New job
          </Button>
        )
      }
    >
      <Row gutter={[8, 8]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={8}>
          <Input.Search placeholder="Search by name" allowClear onSearch={(name) => update({ name: name || undefined })} />
        </Col>
        <Col xs={12} md={5}>
          <Select
            style={{ width: '100%' }}
            placeholder="Enabled?"
            allowClear
            options={[
              { value: 'true', label: 'Enabled' },
              { value: 'false', label: 'Disabled' },
            ]}
            onChange={(v?: string) => update({ enabled: v === undefined ? undefined : v === 'true' })}
          />
        </Col>
        <Col xs={12} md={5}>
          <Select
            style={{ width: '100%' }}
            placeholder="Last status"
            allowClear
            options={EXECUTION_STATUSES.map((s) => ({ value: s }))}
            onChange={(status) => update({ status })}
          />
        </Col>
        <Col xs={24} md={6}>
          <Select
            style={{ width: '100%' }}
            placeholder="Agent"
            allowClear
            showSearch
            options={(agents.data ?? []).map((a) => ({ value: a.id, label: `${a.id} (${a.host})` }))}
            onChange={(agentId) => update({ agentId })}
          />
        </Col>
      </Row>
      <Space direction="vertical" style={{ width: '100%' }}>
        <JobsTable
          page={jobs.data}
          loading={jobs.isFetching && !jobs.data}
          canOperate={canOperate}
          onPageChange={(page, size) => setFilter((f) => ({ ...f, page, size }))}
          onToggle={(job, enabled) => setEnabled.mutate({ job, enabled })}
          onRun={setRunning}
          onEdit={setEditing}
          onDelete={(job) => remove.mutate(job)}
        />
      </Space>
      {editing !== null && (
        <JobFormDrawer open job={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      <RunJobModal job={running} onClose={() => setRunning(null)} />
    </Card>
  );
}
