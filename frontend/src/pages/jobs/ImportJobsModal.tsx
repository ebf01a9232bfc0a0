import { InboxOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ApiError } from '../../api/http';
import { jobsApi } from './api';
import type { ImportItem, ImportResult } from './types';
import { enumLabel, t } from '../../i18n';

interface Props {
  open: boolean;
  onClose: () => void;
}

const ACTION_COLORS: Record<ImportItem['action'], string> = { CREATE: 'green', UPDATE: 'blue', UNCHANGED: 'default' };

/** A changed value as text: strings as they are, anything else as JSON, none as an em dash. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The changes of one job, `field: before → after` per line. */
function Changes({ item }: { item: ImportItem }) {
  if (item.changes.length === 0) return null;
  return (
    <Space direction="vertical" size={0}>
      {item.changes.map((c) => (
        <Typography.Text key={c.field} style={{ fontSize: 12 }}>
          <Typography.Text code>{c.field}</Typography.Text> {showValue(c.before)} → {showValue(c.after)}
        </Typography.Text>
      ))}
    </Space>
  );
}

/**
 * Imports a job file (JSON or YAML): the file is first checked as a dry run, whose
 * outcome per job (create, update with each change, unchanged) is shown; only "Apply"
 * writes, all of it or nothing.
 */
export function ImportJobsModal({ open, onClose }: Props) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [plan, setPlan] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<unknown>(null);

  const check = useMutation({
    mutationFn: (f: { name: string; text: string }) => jobsApi.importFile(f.text, f.name, true),
    onSuccess: (result) => setPlan(result),
    onError: (error) => setProblem(error),
  });
  const apply = useMutation({
    mutationFn: (f: { name: string; text: string }) => jobsApi.importFile(f.text, f.name, false),
    onSuccess: (result) => {
      message.success(t('jobs.importResult', { created: result.created, updated: result.updated, unchanged: result.unchanged }));
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
      close();
    },
    onError: (error) => setProblem(error),
  });

  function close() {
    setFile(null);
    setPlan(null);
    setProblem(null);
    onClose();
  }

  async function choose(chosen: File) {
    const next = { name: chosen.name, text: await chosen.text() };
    setFile(next);
    setPlan(null);
    setProblem(null);
    check.mutate(next);
  }

  const changes = plan ? plan.created + plan.updated : 0;
  return (
    <Modal
      title={t('jobs.importJobs')}
      open={open}
      width={860}
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="apply"
          type="primary"
          disabled={!plan || !file || changes === 0}
          loading={apply.isPending}
          onClick={() => file && apply.mutate(file)}
        >
          {t('jobs.applyImport')}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Upload.Dragger
          accept=".json,.yaml,.yml"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(chosen) => {
            void choose(chosen);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{file ? file.name : t('jobs.chooseOrDropAJob')}</p>
          <p className="ant-upload-hint">
            {t('jobs.jobsAreMatchedByName')}
          </p>
        </Upload.Dragger>
        {problem !== null && (
          <Alert
            type="error"
            showIcon
            message={problem instanceof ApiError ? problem.detail || problem.title : errorMessage(problem)}
            description={
              problem instanceof ApiError && problem.fieldErrors.length > 0 ? (
                <ul style={{ margin: 0, paddingLeft: 16 }} aria-label={t('jobs.importProblems')}>
                  {problem.fieldErrors.map((e) => (
                    <li key={`${e.field}:${e.message}`}>
                      <Typography.Text code>{e.field}</Typography.Text> {e.message}
                    </li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        )}
        {plan && (
          <>
            <Typography.Text>
              {t('jobs.dryRunPlan', { created: plan.created, updated: plan.updated, unchanged: plan.unchanged })}
            </Typography.Text>
            <Table<ImportItem>
              rowKey="index"
              size="small"
              pagination={false}
              scroll={{ y: 360 }}
              dataSource={plan.jobs}
              columns={[
                { title: t('common.job'), dataIndex: 'name' },
                {
                  title: t('common.action'),
                  dataIndex: 'action',
                  render: (action: ImportItem['action']) => <Tag color={ACTION_COLORS[action]}>{enumLabel('importAction', action)}</Tag>,
                },
                { title: t('common.changes'), key: 'changes', render: (_, item) => <Changes item={item} /> },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
