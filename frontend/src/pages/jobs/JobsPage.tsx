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
import { enumLabel, t } from '../../i18n';

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
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t('common.jobs')}</Typography.Title>}
      extra={
        <Space wrap>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'json', label: t('jobs.asJson') },
                { key: 'yaml', label: t('jobs.asYaml') },
              ],
              onClick: ({ key }) => void exportJobs(key as ExportFormat),
            }}
          >
            <Button
              icon={<DownloadOutlined />}
              title={selected.length ? t('jobs.exportTheTickedJobs') : t('jobs.exportTheJobsTheFilters')}
            >
              {selected.length ? t('jobs.exportLengthSelected', { length: selected.length }) : t('jobs.export')}
            </Button>
          </Dropdown>
          {canOperate && (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('jobs.import')}
            </Button>
          )}
          {canOperate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('jobs.newJob')}
            </Button>
          )}
        </Space>
      }
    >
      <Row gutter={[8, 8]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={8}>
          <Input.Search placeholder={t('jobs.searchByName')} allowClear onSearch={(name) => update({ name: name || undefined })} />
        </Col>
        <Col xs={12} md={5}>
          <Select
            style={{ width: '100%' }}
            placeholder={t('jobs.enabledFilter')}
            allowClear
            options={[
              { value: 'true', label: t('common.enabled') },
              { value: 'false', label: t('jobs.disabled') },
            ]}
            onChange={(v?: string) => update({ enabled: v === undefined ? undefined : v === 'true' })}
          />
        </Col>
        <Col xs={12} md={5}>
          <Select
            style={{ width: '100%' }}
            placeholder={t('jobs.lastStatus')}
            allowClear
            options={EXECUTION_STATUSES.map((s) => ({ value: s, label: enumLabel('executionStatus', s) }))}
            onChange={(status) => update({ status })}
          />
        </Col>
        <Col xs={24} md={6}>
          <Select
            style={{ width: '100%' }}
            placeholder={t('common.agent')}
            allowClear
            showSearch
            options={(agents.data ?? []).map((a) => ({ value: a.id, label: `${a.id} (${a.host})` }))}
            onChange={(agentId) => update({ agentId })}
          />
        </Col>
        {/* the placeholder's example is a label as typed */}
        <Col xs={24} md={8} data-literal="team=pay">
          <Select
            mode="tags"
            style={{ width: '100%' }}
            placeholder={t('jobs.labelsEGTeamPay')}
            aria-label={t('jobs.labelFilter')}
            tokenSeparators={[',', ' ']}
            suffixIcon={null}
            onChange={(labels: string[]) => update({ label: labels.length ? labels : undefined })}
          />
        </Col>
        <Col xs={12} md={5}>
          <Input.Search
            placeholder={t('jobs.owner')}
            aria-label={t('jobs.ownerFilter')}
            allowClear
            onSearch={(owner) => update({ owner: owner.trim() || undefined })}
          />
        </Col>
        <Col xs={12} md={5}>
          <Select
            style={{ width: '100%' }}
            placeholder={t('jobs.targetType')}
            allowClear
            options={TARGET_TYPES.map((t) => ({ value: t }))}
            onChange={(targetType) => update({ targetType })}
          />
        </Col>
        <Col xs={24} md={6}>
          <Input.Search
            placeholder={t('jobs.targetUrlOrCommandContains')}
            aria-label={t('jobs.targetFilter')}
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
