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

const jobs = (n: number) => `${n} job${n === 1 ? '' : 's'}`;

/** The question asked before an action, naming how many jobs, and its button. */
export function confirmation(action: JobActionName, n: number): { title: string; ok: string } {
  switch (action) {
    case 'ENABLE':
      return { title: `Enable ${jobs(n)}?`, ok: 'Enable' };
    case 'DISABLE':
      return { title: `Disable ${jobs(n)}?`, ok: 'Disable' };
    case 'RUN':
      return { title: `Run ${jobs(n)} now?`, ok: 'Run' };
    case 'DELETE':
      return { title: `Delete ${jobs(n)}?`, ok: 'Delete' };
    case 'SET_LABELS':
      return { title: `Set the labels of ${jobs(n)}?`, ok: 'Set labels' };
    case 'ADD_LABELS':
      return { title: `Add labels to ${jobs(n)}?`, ok: 'Add labels' };
    case 'REMOVE_LABELS':
      return { title: `Remove labels from ${jobs(n)}?`, ok: 'Remove labels' };
  }
}

/** `team=pay, env=prod` as labels; throws naming the first piece that is not key=value. */
export function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const piece of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const eq = piece.indexOf('=');
    if (eq <= 0) throw new Error(`'${piece}' is not key=value`);
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
        <Space wrap role="toolbar" aria-label="actions on the selected jobs">
          <Typography.Text strong>{jobs(selected.length)} selected</Typography.Text>
          <Button onClick={() => setPending('ENABLE')}>Enable</Button>
          <Button onClick={() => setPending('DISABLE')}>Disable</Button>
          <Button onClick={() => setPending('RUN')}>Run now</Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'SET_LABELS', label: 'Set labels' },
                { key: 'ADD_LABELS', label: 'Add labels' },
                { key: 'REMOVE_LABELS', label: 'Remove labels' },
              ],
              onClick: ({ key }) => setPending(key as JobActionName),
            }}
          >
            <Button>
              Labels… <DownOutlined />
            </Button>
          </Dropdown>
          <Button danger onClick={() => setPending('DELETE')}>
            Delete
          </Button>
          <Button type="link" onClick={() => onSelect([])}>
            Clear selection
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
          {pending === 'DELETE' && <p>Their schedules stop; past executions stay.</p>}
          {pending === 'RUN' && (
            <Form.Item label="Params" name="params" tooltip="Passed to each target as ${params}">
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} style={{ fontFamily: 'monospace' }} />
            </Form.Item>
          )}
          {(pending === 'SET_LABELS' || pending === 'ADD_LABELS') && (
            <Form.Item
              label="Labels"
              name="labels"
              extra={pending === 'SET_LABELS' ? 'Replaces every label of each job; empty removes them all' : undefined}
              rules={[
                {
                  validator: async (_, text?: string) => {
                    const labels = parseLabels(text ?? '');
                    if (pending === 'ADD_LABELS' && Object.keys(labels).length === 0) throw new Error('Give a label to add');
                  },
                },
              ]}
            >
              <Input placeholder="team=pay, env=prod" />
            </Form.Item>
          )}
          {pending === 'REMOVE_LABELS' && (
            <Form.Item
              label="Label keys"
              name="labelKeys"
              rules={[
                {
                  validator: async (_, text?: string) => {
                    if (!parseKeys(text ?? '').length) throw new Error('Give a key to remove');
                  },
                },
              ]}
            >
              <Input placeholder="env, tier" />
            </Form.Item>
          )}
        </Form>
      </Modal>
      <Modal
        title={result && `${confirmation(result.action, result.results.length).ok}: ${result.done} done, ${result.unchanged} unchanged, ${result.failed} failed`}
        open={result !== null}
        onCancel={() => setResult(null)}
        footer={<Button onClick={() => setResult(null)}>Close</Button>}
        width={720}
      >
        <Table<JobActionResult>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={result?.results ?? []}
          aria-label="results per job"
          columns={[
            { title: 'Job', key: 'job', render: (_, r) => r.name ?? `#${r.id}` },
            {
              title: 'Outcome',
              key: 'outcome',
              render: (_, r) => <Tag color={OUTCOME_COLOURS[r.outcome]}>{r.outcome}</Tag>,
            },
            {
              title: 'Detail',
              key: 'detail',
              render: (_, r) =>
                r.executionId != null ? (
                  <Link to={paths.execution(r.executionId)}>execution {r.executionId}</Link>
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
