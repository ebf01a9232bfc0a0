import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Dropdown, Input, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useApiErrorHandler } from '../../api/errors';
import { useCanOperate } from '../../auth/AuthProvider';
import { agentsApi } from '../agents/api';
import { EXECUTION_STATUSES } from '../executions/types';
import { jobsApi } from './api';
import { CloneJobModal } from './CloneJobModal';
import { ImportJobsModal } from './ImportJobsModal';
import { JobBulkActions } from './JobBulkActions';
import { JobFormDrawer } from './JobFormDrawer';
import { JobsTable } from './JobsTable';
import { RunJobModal } from './RunJobModal';
import { TARGET_TYPES, type ExportFormat, type Job, type JobFilter } from './types';
import { useJobActions } from './useJobActions';

export default function JobsPage() {
  const canOperate = useCanOperate();
  const [filter, setFilter] = useState<JobFilter>({ page: 1, size: 20 });
  const [editing, setEditing] = useState<Job | 'new' | null>(null);
  const [running, setRunning] = useState<Job | null>(null);
  const [cloning, setCloning] = useState<Job | null>(null);
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<Job['id'][]>([]);
  const { setEnabled, remove } = useJobActions();
  const handleError = useApiErrorHandler();

  /** Saves the ticked jobs, or else every job the filters match, as a file. */
  async function exportJobs(format: ExportFormat) {
    try {
      const ids = selected.length ? selected.map(String) : undefined;
      const { blob, filename } = await jobsApi.exportFile(filter, format, ids);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      link.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      handleError(e);
    }
  }

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
        <Space wrap>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'json', label: 'as JSON' },
                { key: 'yaml', label: 'as YAML' },
              ],
              onClick: ({ key }) => void exportJobs(key as ExportFormat),
            }}
          >
            <Button
              icon={<DownloadOutlined />}
              title={selected.length ? 'Export the ticked jobs' : 'Export the jobs the filters match'}
            >
              {selected.length ? `Export ${selected.length} selected` : 'Export'}
            </Button>
          </Dropdown>
          {canOperate && (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              Import
            </Button>
          )}
          {canOperate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              New job
            </Button>
          )}
        </Space>
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
        <Col xs={24} md={8}>
          <Select
            mode="tags"
            style={{ width: '100%' }}
            placeholder="Labels, e.g. team=pay"
            aria-label="label filter"
            tokenSeparators={[',', ' ']}
            suffixIcon={null}
            onChange={(labels: string[]) => update({ label: labels.length ? labels : undefined })}
          />
        </Col>
        <Col xs={12} md={5}>
          <Input.Search
            placeholder="Owner"
            aria-label="owner filter"
            allowClear
            onSearch={(owner) => update({ owner: owner.trim() || undefined })}
          />
        </Col>
        <Col xs={12} md={5}>
          <Select
            style={{ width: '100%' }}
            placeholder="Target type"
            allowClear
            options={TARGET_TYPES.map((t) => ({ value: t }))}
            onChange={(targetType) => update({ targetType })}
          />
        </Col>
        <Col xs={24} md={6}>
          <Input.Search
            placeholder="Target URL or command contains"
            aria-label="target filter"
            allowClear
            onSearch={(target) => update({ target: target.trim() || undefined })}
          />
        </Col>
      </Row>
      <Space direction="vertical" style={{ width: '100%' }}>
        {canOperate && <JobBulkActions selected={selected} onSelect={setSelected} />}
        <JobsTable
          page={jobs.data}
          loading={jobs.isFetching && !jobs.data}
          canOperate={canOperate}
          onPageChange={(page, size) => setFilter((f) => ({ ...f, page, size }))}
          onToggle={(job, enabled) => setEnabled.mutate({ job, enabled })}
          onRun={setRunning}
          onEdit={setEditing}
          onClone={setCloning}
          selected={selected}
          onSelect={setSelected}
          onDelete={(job) => remove.mutate(job)}
        />
      </Space>
      {editing !== null && (
        <JobFormDrawer open job={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      <RunJobModal job={running} onClose={() => setRunning(null)} />
      <CloneJobModal job={cloning} onClose={() => setCloning(null)} />
      <ImportJobsModal open={importing} onClose={() => setImporting(false)} />
    </Card>
  );
}
