import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useApiErrorHandler } from '../../api/errors';
import { jobsApi } from './api';
import type { Job } from './types';
import { t } from '../../i18n';

/** Enable/disable and delete, with the cache refreshed and errors reported the usual way. */
export function useJobActions() {
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const { message } = App.useApp();
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

  const remove = useMutation({
    mutationFn: (job: Job) => jobsApi.remove(job.id),
    onSuccess: (_, job) => {
      message.success(t('jobs.nameDeleted', { name: job.name }));
      void refresh();
    },
    onError: (e) => handleError(e),
  });

  return { setEnabled, remove };
}
