/** "Run now" with optional params; tells where the new execution is. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, Modal } from 'antd';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApiErrorHandler } from '../../api/errors';
import { paths } from '../../paths';
import { jobsApi } from './api';
import type { Job } from './types';
import { t } from '../../i18n';

interface Props {
  /** A job with dependents is offered to run them after it (a workflow run). */
  job: (Pick<Job, 'id' | 'name'> & Partial<Pick<Job, 'dependents'>>) | null;
  onClose: () => void;
}

interface RunValues {
  params?: string;
  withDependents?: boolean;
}

/**
 * The form stays mounted while the dialog is closed (`forceRender`), and Run sends the
 * request straight from the form's values: a click on Run while the dialog is still
 * opening used to go to `form.submit()` of a form not yet mounted, which sends nothing.
 */
export function RunJobModal({ job, onClose }: Props) {
  const [form] = Form.useForm<RunValues>();
  const { message } = App.useApp();
  const handleError = useApiErrorHandler();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // set at the click itself: a second click before the next render must not run it twice
  const sending = useRef(false);
  const run = useMutation({
    mutationFn: ({ id, params, withDependents }: { id: Job['id']; params?: string; withDependents?: boolean }) =>
      jobsApi.run(id, params?.trim() || undefined, withDependents === true),
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: ['executions'] });
      message.success(t('jobs.startedExecutionExecutionid', { executionId: res.executionId }));
      onClose();
      navigate(paths.execution(res.executionId));
    },
    onError: (e) => handleError(e, form),
    onSettled: () => {
      sending.current = false;
    },
  });
  const start = () => {
    if (!job || sending.current) return;
    sending.current = true;
    run.mutate({ id: job.id, params: form.getFieldValue('params'), withDependents: form.getFieldValue('withDependents') });
  };
  return (
    <Modal
      title={job ? t('jobs.runNameNow', { name: job.name }) : ''}
      open={job !== null}
      onCancel={onClose}
      onOk={start}
      okText={t('jobs.run')}
      confirmLoading={run.isPending}
      forceRender
      afterClose={() => form.resetFields()}
    >
      <Form form={form} layout="vertical" onFinish={start}>
        <Form.Item label={t('common.params')} name="params" tooltip={t('jobs.passedToTheTargetAs')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} placeholder={t('jobs.paramsExample')} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        {(job?.dependents?.length ?? 0) > 0 && (
          <Form.Item name="withDependents" valuePropName="checked" extra={t('jobs.withDependentsHelp', { names: job!.dependents!.join(', ') })}>
            <Checkbox>{t('workflows.runWithDependents')}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
