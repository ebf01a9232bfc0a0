import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useApiErrorHandler } from '../../api/errors';
import { paths } from '../../paths';
import { jobsApi } from './api';
import type { Job } from './types';
import { t } from '../../i18n';

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
      message.success(t('jobs.nameCreatedDisabled', { name: copy.name }));
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
      onClose();
      navigate(paths.job(copy.id));
    },
    onError: (error) => handleError(error, form),
  });

  return (
    <Modal
      title={job ? t('jobs.cloneName', { name: job.name }) : t('jobs.clone')}
      open={job !== null}
      okText={t('jobs.clone')}
      confirmLoading={clone.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('jobs.theCopyHasTheSame')}
      </Typography.Paragraph>
      <Form
        key={job?.id}
        form={form}
        layout="vertical"
        initialValues={{ name: job ? `${job.name}-copy` : '' }}
        onFinish={(values) => clone.mutate(values)}>
        <Form.Item label={t('jobs.nameOfTheCopy')} name="name" rules={[{ required: true, message: t('jobs.theCopyNeedsAName') }]}>
          <Input autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
