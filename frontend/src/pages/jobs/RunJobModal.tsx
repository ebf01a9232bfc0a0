/** "Run now" with optional params; tells where the new execution is. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useApiErrorHandler } from '../../api/errors';
import { paths } from '../../paths';
import { jobsApi } from './api';
import type { Job } from './types';

interface Props {
  job: Pick<Job, 'id' | 'name'> | null;
  onClose: () => void;
}

export function RunJobModal({ job, onClose }: Props) {
  const [form] = Form.useForm<{ params?: string }>();
  const { message } = App.useApp();
  const handleError = useApiErrorHandler();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const run = useMutation({
    mutationFn: ({ params }: { params?: string }) => jobsApi.run(job!.id, params?.trim() || undefined),
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: ['executions'] });
      message.success(`Started execution ${res.executionId}`);
      onClose();
      navigate(paths.execution(res.executionId));
    },
    onError: (e) => handleError(e, form),
  });
  return (
    <Modal
      title={job ? `Run ${job.name} now` : ''}
      open={job !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Run"
      confirmLoading={run.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => run.mutate(v)}>
        <Form.Item label="Params" name="params" tooltip="Passed to the target as ${params}; JSON is customary">
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} placeholder='{"day": "2026-11-22"}' style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
