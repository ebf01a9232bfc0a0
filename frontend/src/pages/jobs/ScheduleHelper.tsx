/** Live schedule check: asks the server for the next fire times of what is typed so far. */
import { useQuery } from '@tanstack/react-query';
import { Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { errorMessage } from '../../api/errors';
import { ApiError } from '../../api/http';
import { useDebouncedValue } from '../../hooks';
import type { JobCalendar } from '../calendars/types';
import { jobsApi } from './api';
import { FireTimeline } from './FireTimeline';
import { t } from '../../i18n';

interface Props {
  schedule: string | undefined;
  timeZone: string | undefined;
  /** The business calendar the job follows: the fires it moves or skips are shown so. */
  calendar?: JobCalendar | null;
  count?: number;
  /** Told the schedule's error message, or null once it is valid. */
  onValidated?: (error: string | null) => void;
  debounceMs?: number;
}

export function scheduleError(error: unknown): string {
  if (error instanceof ApiError) return error.fieldError('schedule') ?? error.detail ?? error.title;
  return errorMessage(error);
}

export function ScheduleHelper({ schedule, timeZone, calendar, count = 5, onValidated, debounceMs = 400 }: Props) {
  const key = useDebouncedValue(
    {
      schedule: schedule?.trim() ?? '',
      timeZone: timeZone ?? '',
      calendar: calendar?.name ?? '',
      rule: calendar?.name ? calendar.rule : '',
    },
    debounceMs,
  );
  const query = useQuery({
    queryKey: ['next-fires', key.schedule, key.timeZone, key.calendar, key.rule, count],
    queryFn: ({ signal }) =>
      jobsApi.previewFires(key.schedule, key.timeZone, count, signal, key.calendar ? { name: key.calendar, rule: key.rule as JobCalendar['rule'] } : null),
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
  const fires = query.data?.fires ?? [];
  const notes = query.data?.notes ?? [];
  if (fires.length === 0 && notes.length === 0) return <Typography.Text type="secondary">{t('jobs.noFutureFireTime')}</Typography.Text>;
  return (
    <div data-testid="next-fires">
      <Typography.Text type="secondary">
        {key.calendar
          ? t('jobs.nextFiresInWithCalendar', { zone: key.timeZone, calendar: key.calendar })
          : t('jobs.nextFiresIn', { zone: key.timeZone })}
        :
      </Typography.Text>
      <FireTimeline fires={fires} notes={notes} timeZone={key.timeZone} />
    </div>
  );
}
