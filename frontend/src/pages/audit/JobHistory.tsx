import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryError } from '../../components/QueryError';
import { auditApi } from './api';
import { AuditTable } from './AuditTable';

/** A job's history tab: its changes, manual runs and cancels, newest first. */
export function JobHistory({ jobId }: { jobId: string | number }) {
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const history = useQuery({
    queryKey: ['audit', 'job', String(jobId), paging],
    queryFn: ({ signal }) => auditApi.jobHistory(jobId, paging.page, paging.size, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      {history.isError && <QueryError error={history.error} onRetry={() => void history.refetch()} />}
      <AuditTable page={history.data} loading={history.isFetching && !history.data} showObject={false}
        onPageChange={(page, size) => setPaging({ page, size })} />
    </>
  );
}
