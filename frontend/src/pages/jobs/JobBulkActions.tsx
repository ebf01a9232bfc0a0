/**
 * The bar over the jobs list when jobs are ticked: enable, disable, run now, delete and
 * change labels of all of them in one request (`POST /jobs/actions`). Each asks first,
 * naming how many jobs; the answer is shown per job, a failure with the server's reason.
 */
import { DownOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useApiErrorHandler } from '../../api/errors';
import { paths } from '../../paths';
import { jobsApi } from './api';
import type { Job, JobActionName, JobActionRequest, JobActionResponse, JobActionResult } from './types';
import { enumLabel, t } from '../../i18n';

interface Props {
  /** The ticked jobs' ids; the bar shows when there are some. */
  selected: Job['id'][];
  /** The selection after an action: deleted jobs are no longer ticked. */
  onSelect: (ids: Job['id'][]) => void;
}

interface Values {
  labels?: string;
  labelKeys?: string;
  params?: string;
}

const jobs = (n: number) => t('jobs.countJobs', { count: n });

/** The question asked before an action, naming how many jobs, and its button. */
export function confirmation(action: JobActionName, n: number): { title: string; ok: string } {
  switch (action) {
    case 'ENABLE':
      return { title: t('jobs.enableP1', { p1: jobs(n) }), ok: t('jobs.enable') };
    case 'DISABLE':
      return { title: t('jobs.disableP1', { p1: jobs(n) }), ok: t('jobs.disable') };
    case 'RUN':
      return { title: t('jobs.runP1Now', { p1: jobs(n) }), ok: t('jobs.run') };
    case 'DELETE':
      return { title: t('jobs.deleteP1', { p1: jobs(n) }), ok: t('common.delete') };
    case 'SET_LABELS':
      return { title: t('jobs.setTheLabelsOfP1', { p1: jobs(n) }), ok: t('jobs.setLabels') };
    case 'ADD_LABELS':
      return { title: t('jobs.addLabelsToP1', { p1: jobs(n) }), ok: t('jobs.addLabels') };
    case 'REMOVE_LABELS':
      return { title: t('jobs.removeLabelsFromP1', { p1: jobs(n) }), ok: t('jobs.removeLabels') };
  }
}

/** `team=pay, env=prod` as labels; throws naming the first piece that is not key=value. */
export function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const piece of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const eq = piece.indexOf('=');
    if (eq <= 0) throw new Error(t('jobs.pieceIsNotKeyValue', { piece }));
    labels[piece.slice(0, eq).trim()] = piece.slice(eq + 1).trim();
  }
  return labels;
}

/** `env, tier` as label keys. */
export function parseKeys(text: string): string[] {
  return text.split(/[,\s]+/).map((k) => k.trim()).filter(Boolean);
}

const OUTCOME_COLOURS: Record<JobActionResult['outcome'], string> = {
  DONE: 'green',
  UNCHANGED: 'default',
  FAILED: 'red',
};

export function JobBulkActions({ selected, onSelect }: Props) {
  const [form] = Form.useForm<Values>();
  const [pending, setPending] = useState<JobActionName | null>(null);
  const [result, setResult] = useState<JobActionResponse | null>(null);
  const handleError = useApiErrorHandler();
  const queryClient = useQueryClient();

  const act = useMutation({
    mutationFn: (request: JobActionRequest) => jobsApi.act(request),
    onSuccess: (response) => {
      setPending(null);
      setResult(response);
      if (response.action === 'DELETE') {
        const gone = new Set(response.results.filter((r) => r.outcome === 'DONE').map((r) => String(r.id)));
        onSelect(selected.filter((id) => !gone.has(String(id))));
      }
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
      if (response.action === 'RUN') void queryClient.invalidateQueries({ queryKey: ['executions'] });
    },
    onError: (e) => handleError(e, form),
  });

  const send = async () => {
    if (!pending || act.isPending) return;
    const values = await form.validateFields();
    const request: JobActionRequest = { action: pending, ids: selected };
    if (pending === 'SET_LABELS' || pending === 'ADD_LABELS') request.labels = parseLabels(values.labels ?? '');
    if (pending === 'REMOVE_LABELS') request.labelKeys = parseKeys(values.labelKeys ?? '');
    if (pending === 'RUN' && values.params?.trim()) request.params = values.params.trim();
    act.mutate(request);
  };

  const asked = pending && confirmation(pending, selected.length);
  return (
    <>
      {/* the dialogs outlive the selection: a delete unticks every job it removed */}
      {selected.length > 0 && (
        <Space wrap role="toolbar" aria-label={t('jobs.actionsOnTheSelectedJobs')}>
          <Typography.Text strong>{t('jobs.countSelected', { count: selected.length })}</Typography.Text>
          <Button onClick={() => setPending('ENABLE')}>{t('jobs.enable')}</Button>
          <Button onClick={() => setPending('DISABLE')}>{t('jobs.disable')}</Button>
          <Button onClick={() => setPending('RUN')}>{t('jobs.runNow')}</Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'SET_LABELS', label: t('jobs.setLabels') },
                { key: 'ADD_LABELS', label: t('jobs.addLabels') },
                { key: 'REMOVE_LABELS', label: t('jobs.removeLabels') },
              ],
              onClick: ({ key }) => setPending(key as JobActionName),
            }}
          >
            <Button>
              {t('jobs.labels')} <DownOutlined />
            </Button>
          </Dropdown>
          <Button danger onClick={() => setPending('DELETE')}>
            {t('common.delete')}
          </Button>
          <Button type="link" onClick={() => onSelect([])}>
            {t('jobs.clearSelection')}
          </Button>
        </Space>
      )}
      <Modal
        title={asked?.title}
        open={pending !== null}
        okText={asked?.ok}
        okButtonProps={{ danger: pending === 'DELETE' }}
        confirmLoading={act.isPending}
        onOk={() => void send()}
        onCancel={() => setPending(null)}
        forceRender
        afterClose={() => form.resetFields()}
      >
        <Form form={form} layout="vertical" onFinish={() => void send()}>
          {pending === 'DELETE' && <p>{t('jobs.theirSchedulesStopPastExecutions')}</p>}
          {pending === 'RUN' && (
            <Form.Item label={t('common.params')} name="params" tooltip={t('jobs.passedToEachTargetAs')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} style={{ fontFamily: 'monospace' }} />
            </Form.Item>
          )}
          {(pending === 'SET_LABELS' || pending === 'ADD_LABELS') && (
            <Form.Item
              label={t('common.labels')}
              name="labels"
              extra={pending === 'SET_LABELS' ? t('jobs.replacesEveryLabelOfEach') : undefined}
              rules={[
                {
                  validator: async (_, text?: string) => {
                    const labels = parseLabels(text ?? '');
                    if (pending === 'ADD_LABELS' && Object.keys(labels).length === 0) throw new Error(t('jobs.giveALabelToAdd'));
                  },
                },
              ]}
            >
              <Input placeholder={t('jobs.teamPayEnvProd')} />
            </Form.Item>
          )}
          {pending === 'REMOVE_LABELS' && (
            <Form.Item
              label={t('jobs.labelKeys')}
              name="labelKeys"
              rules={[
                {
                  validator: async (_, text?: string) => {
                    if (!parseKeys(text ?? '').length) throw new Error(t('jobs.giveAKeyToRemove'));
                  },
                },
              ]}
            >
              <Input placeholder={t('jobs.envTier')} />
            </Form.Item>
          )}
        </Form>
      </Modal>
      <Modal
        title={result && t('jobs.actionResult', { ok: confirmation(result.action, result.results.length).ok, done: result.done, unchanged: result.unchanged, failed: result.failed })}
        open={result !== null}
        onCancel={() => setResult(null)}
        footer={<Button onClick={() => setResult(null)}>{t('common.close')}</Button>}
        width={720}
      >
        <Table<JobActionResult>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={result?.results ?? []}
          aria-label={t('jobs.resultsPerJob')}
          columns={[
            { title: t('common.job'), key: 'job', render: (_, r) => r.name ?? `#${r.id}` },
            {
              title: t('jobs.outcome'),
              key: 'outcome',
              render: (_, r) => <Tag color={OUTCOME_COLOURS[r.outcome]}>{enumLabel('bulkOutcome', r.outcome)}</Tag>,
            },
            {
              title: t('jobs.detail'),
              key: 'detail',
              render: (_, r) =>
                r.executionId != null ? (
                  <Link to={paths.execution(r.executionId)}>{t('jobs.executionN', { id: r.executionId })}</Link>
                ) : (
                  (r.detail ?? '')
                ),
            },
          ]}
        />
      </Modal>
    </>
  );
}
