import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useApiErrorHandler } from '../../api/errors';
import { paths } from '../../paths';
import { jobsApi } from './api';
import type { Job } from './types';

interface Props {
  /** The job to copy; null: closed. */
  job: Job | null;
  onClose: () => void;
}

/** Copies a job under a new name and opens the copy, which stays disabled until enabled. */
export function CloneJobModal({ job, onClose }: Props) {
  const [form] = Form.useForm<{ name: string }>();
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const navigate = useNavigate();
  const { message } = App.useApp();

  const clone = useMutation({
    mutationFn: ({ name }: { name: string }) => jobsApi.clone(job!.id, name.trim()),
    onSuccess: (copy) => {
      message.success(`${copy.name} created, disabled`);
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
      onClose();
      navigate(paths.job(copy.id));
    },
    onError: (error) => handleError(error, form),
  });

  return (
    <Modal
      title={job ? `Clone ${job.name}` : 'Clone'}
      open={job !== null}
      okText="Clone"
      confirmLoading={clone.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        The copy has the same schedule, target (secret headers included), alerts, retention, contact and labels. You
        own it, and it is disabled so it does not call the same target twice until you change and enable it.
      </Typography.Paragraph>
      <Form
        key={job?.id}
        form={form}
        layout="vertical"
        initialValues={{ name: job ? `${job.name}-copy` : '' }}
        onFinish={(values) => clone.mutate(values)}>
        <Form.Item label="Name of the copy" name="name" rules={[{ required: true, message: 'The copy needs a name' }]}>
          <Input autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
