/**
 * Workflows: the department's jobs that wait on others or are waited on, as a graph, with a
 * run of a job alone or with its dependents; below, the history of workflow runs.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Empty, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useApiErrorHandler } from '../../api/errors';
import { useCanOperate } from '../../auth/AuthProvider';
import { QueryError } from '../../components/QueryError';
import { paths } from '../../paths';
import { isUnfinished } from '../executions/types';
import { jobsApi } from '../jobs/api';
import { workflowsApi } from './api';
import type { WorkflowNode } from './types';
import { WorkflowGraphView } from './WorkflowGraphView';
import { WorkflowRunsTable } from './WorkflowRunsTable';
import { t } from '../../i18n';

/** Something runs: look again soon; else now and then. */
const BUSY_POLL_MS = 2000;
const QUIET_POLL_MS = 10_000;

export default function WorkflowsPage() {
  const canOperate = useCanOperate();
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const { message } = App.useApp();
  const [sending, setSending] = useState<string | null>(null);

  const runs = useQuery({
    queryKey: ['workflows', 'runs'],
    queryFn: ({ signal }) => workflowsApi.runs(20, signal),
    refetchInterval: (q) => (q.state.data?.some((r) => r.status === 'RUNNING') ? BUSY_POLL_MS : QUIET_POLL_MS),
  });
  const busy = runs.data?.some((r) => r.status === 'RUNNING') ?? false;
  const graph = useQuery({
    queryKey: ['workflows', 'graph'],
    queryFn: ({ signal }) => workflowsApi.graph(signal),
    refetchInterval: (q) => (busy || q.state.data?.nodes.some((n) => n.status && isUnfinished(n.status)) ? BUSY_POLL_MS : QUIET_POLL_MS),
  });

  const run = useMutation({
    mutationFn: ({ node, withDependents }: { node: WorkflowNode; withDependents: boolean }) =>
      jobsApi.run(node.jobId, undefined, withDependents),
    onMutate: ({ node, withDependents }) => setSending(`${node.jobId}:${withDependents ? 'with' : 'alone'}`),
    onSuccess: (res, { node, withDependents }) => {
      message.success(
        withDependents
          ? t('workflows.startedNameWithDependents', { name: node.name, executionId: res.executionId })
          : t('jobs.startedExecutionExecutionid', { executionId: res.executionId }),
      );
      void queryClient.invalidateQueries({ queryKey: ['workflows'] });
      void queryClient.invalidateQueries({ queryKey: ['executions'] });
    },
    onError: (e) => handleError(e),
    onSettled: () => setSending(null),
  });

  const nodes = graph.data?.nodes ?? [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={<Typography.Title level={4} style={{ margin: 0 }}>{t('workflows.title')}</Typography.Title>}
        extra={nodes.length > 0 && <Link to={paths.workflowGraph()}>{t('workflowGraph.open')}</Link>}
      >
        <Typography.Paragraph type="secondary">{t('workflows.intro')}</Typography.Paragraph>
        {graph.isError && <QueryError error={graph.error} onRetry={() => void graph.refetch()} />}
        {graph.isLoading && <Skeleton active />}
        {graph.data &&
          (nodes.length === 0 ? (
            <Empty description={<span>{t('workflows.noWorkflows')} <Link to={paths.jobs}>{t('common.jobs')}</Link></span>} />
          ) : (
            <WorkflowGraphView
              graph={graph.data}
              sending={sending}
              onRun={canOperate ? (node, withDependents) => run.mutate({ node, withDependents }) : undefined}
            />
          ))}
      </Card>
      <Card title={t('workflows.history')}>
        {runs.isError && <QueryError error={runs.error} onRetry={() => void runs.refetch()} />}
        <WorkflowRunsTable runs={runs.data} loading={runs.isLoading} />
      </Card>
    </Space>
  );
}
