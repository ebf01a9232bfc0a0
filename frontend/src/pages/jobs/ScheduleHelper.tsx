/** Live schedule check: asks the server for the next fire times of what is typed so far. */
import { useQuery } from '@tanstack/react-query';
import { Space, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { errorMessage } from '../../api/errors';
import { ApiError } from '../../api/http';
import { formatInZone } from '../../format';
import { useDebouncedValue } from '../../hooks';
import { jobsApi } from './api';
import { t } from '../../i18n';

interface Props {
  schedule: string | undefined;
  timeZone: string | undefined;
  count?: number;
  /** Told the schedule's error message, or null once it is valid. */
  onValidated?: (error: string | null) => void;
  debounceMs?: number;
}

export function scheduleError(error: unknown): string {
  if (error instanceof ApiError) return error.fieldError('schedule') ?? error.detail ?? error.title;
  return errorMessage(error);
}

export function ScheduleHelper({ schedule, timeZone, count = 5, onValidated, debounceMs = 400 }: Props) {
  const key = useDebouncedValue({ schedule: schedule?.trim() ?? '', timeZone: timeZone ?? '' }, debounceMs);
  const query = useQuery({
    queryKey: ['next-fires', key.schedule, key.timeZone, count],
    queryFn: ({ signal }) => jobsApi.previewFires(key.schedule, key.timeZone, count, signal),
    enabled: key.schedule !== '' && key.timeZone !== '',
    retry: false,
    staleTime: 30_000,
  });

  const error = query.isError ? scheduleError(query.error) : null;
  useEffect(() => {
    if (query.isSuccess) onValidated?.(null);
    else if (error) onValidated?.(error);
    // onValidated is a callback prop; re-running on its identity would loop
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.isSuccess, error, query.dataUpdatedAt]);

  if (!key.schedule) return null;
  if (query.isFetching && !query.data) return <Spin size="small" aria-label={t('jobs.checkingSchedule')} />;
  if (error) return null; // shown as the field's own error
  const fires = query.data ?? [];
  if (fires.length === 0) return <Typography.Text type="secondary">{t('jobs.noFutureFireTime')}</Typography.Text>;
  return (
    <div data-testid="next-fires">
      <Typography.Text type="secondary">{t('jobs.nextFiresIn', { zone: key.timeZone })}:</Typography.Text>
      <Space direction="vertical" size={0} style={{ display: 'flex' }}>
        {fires.map((f) => (
          <Typography.Text key={f} code>
            {formatInZone(f, key.timeZone)}
          </Typography.Text>
        ))}
      </Space>
    </div>
  );
}
