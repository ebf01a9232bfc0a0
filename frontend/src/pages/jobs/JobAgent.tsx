import { Space, Tag, Typography } from 'antd';
import type { Job } from './types';
import { t } from '../../i18n';
import { reasonsText } from '../../i18n/reasons';

/**
 * Where a job runs: its agent, or UNASSIGNED with the server's reason (an enabled job no
 * live agent may take, e.g. "no live agent matches dept=pay"). A disabled job holds none.
 */
export function JobAgent({ job }: { job: Job }) {
  if (job.placement?.status === 'UNASSIGNED') {
    return (
      <Space direction="vertical" size={0}>
        <Tag color="warning">{t('jobs.placementUnassigned')}</Tag>
        {job.placement.reason && (
          <Typography.Text type="secondary">{reasonsText(job.placement.reasons, job.placement.reason)}</Typography.Text>
        )}
      </Space>
    );
  }
  return <span data-literal>{job.agentId ?? '—'}</span>;
}
