import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { errorMessage, useApiErrorHandler } from '../../api/errors';
import { ApiError } from '../../api/http';
import { jobsApi } from './api';
import type { Job } from './types';
import { t } from '../../i18n';

/**
 * Enable/disable and delete, with the cache refreshed and errors reported the usual way.
 * A delete of a job others depend on answers 409 naming them: the user is shown that and
 * offered to delete it anyway, taking it out of its dependents' `dependsOn`. `onDeleted`
 * follows either delete.
 */
export function useJobActions({ onDeleted }: { onDeleted?: (job: Job) => void } = {}) {
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const { message, modal } = App.useApp();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['jobs'] });

  const setEnabled = useMutation({
    mutationFn: ({ job, enabled }: { job: Job; enabled: boolean }) =>
      enabled ? jobsApi.enable(job.id) : jobsApi.disable(job.id),
    onSuccess: (_, { job, enabled }) => {
      message.success(t(enabled ? 'jobs.nameEnabled' : 'jobs.nameDisabled', { name: job.name }));
      void refresh();
    },
    onError: (e) => handleError(e),
  });

  const deleted = (job: Job) => {
    message.success(t('jobs.nameDeleted', { name: job.name }));
    void refresh();
    void queryClient.invalidateQueries({ queryKey: ['workflows'] });
    onDeleted?.(job);
  };

  const cutAndRemove = useMutation({
    mutationFn: (job: Job) => jobsApi.remove(job.id, true),
    onSuccess: (_, job) => deleted(job),
    onError: (e) => handleError(e),
  });

  const remove = useMutation({
    mutationFn: (job: Job) => jobsApi.remove(job.id),
    onSuccess: (_, job) => deleted(job),
    onError: (e, job) => {
      if (!(e instanceof ApiError) || e.status !== 409) {
        handleError(e);
        return;
      }
      modal.confirm({
        title: t('jobs.nameHasDependents', { name: job.name }),
        content: errorMessage(e),
        okText: t('jobs.deleteAndCutEdges'),
        okButtonProps: { danger: true },
        // a failure is reported by the mutation's onError; the dialog closes either way
        onOk: () => cutAndRemove.mutateAsync(job).then(() => undefined, () => undefined),
      });
    },
  });

  return { setEnabled, remove };
}
