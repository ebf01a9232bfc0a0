/** A workflow run as a tree from its first run: each run under the run whose success released it. */
import { useQuery } from '@tanstack/react-query';
import { Space, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryError } from '../../components/QueryError';
import { formatDuration, formatTime } from '../../format';
import { paths } from '../../paths';
import { executionsApi } from '../executions/api';
import { StatusTag } from '../executions/StatusTag';
import { isUnfinished, type Execution, type ExecutionTree } from '../executions/types';
import { t } from '../../i18n';

/** Whether any run of the tree is still to finish (the tree is then looked at again soon). */
export function treeUnfinished(tree: ExecutionTree): boolean {
  return isUnfinished(tree.status) || (tree.children ?? []).some(treeUnfinished);
}

/** Every run's id in the tree. */
export function treeIds(tree: ExecutionTree): string[] {
  return [String(tree.id), ...(tree.children ?? []).flatMap(treeIds)];
}

function toNodes(tree: ExecutionTree, current?: string): DataNode {
  const here = current !== undefined && String(tree.id) === current;
  return {
    key: String(tree.id),
    title: (
      <Space size={6} wrap data-testid="run-tree-node" data-status={tree.status}>
        {here ? <Typography.Text strong>#{tree.id}</Typography.Text> : <Link to={paths.execution(tree.id)}>#{tree.id}</Link>}
        <Link to={paths.job(tree.jobId)}>
          <span data-literal>{tree.jobName}</span>
        </Link>
        <StatusTag status={tree.status} />
        <Typography.Text type="secondary">
          {formatTime(tree.startedAt ?? tree.scheduledAt)} · {formatDuration(tree.startedAt, tree.finishedAt)}
        </Typography.Text>
      </Space>
    ),
    children: (tree.children ?? []).map((c) => toNodes(c, current)),
  };
}

/** The tree of the workflow run `executionId` belongs to; `current` is shown as the run looked at. */
export function RunTree({ executionId, current }: { executionId: Execution['id']; current?: Execution['id'] }) {
  const tree = useQuery({
    queryKey: ['executions', 'tree', String(executionId)],
    queryFn: () => executionsApi.tree(executionId),
    refetchInterval: (q) => (q.state.data && treeUnfinished(q.state.data) ? 2000 : false),
  });
  // runs released later show unfolded too: only what the user folded stays folded
  const [folded, setFolded] = useState<Set<string>>(() => new Set());
  if (tree.isError) return <QueryError error={tree.error} onRetry={() => void tree.refetch()} />;
  if (!tree.data) return <Spin size="small" />;
  return (
    <Tree
      aria-label={t('workflows.runTree')}
      blockNode
      selectable={false}
      showLine
      expandedKeys={treeIds(tree.data).filter((k) => !folded.has(k))}
      onExpand={(_, { node, expanded }) =>
        setFolded((f) => {
          const next = new Set(f);
          if (expanded) next.delete(String(node.key));
          else next.add(String(node.key));
          return next;
        })
      }
      treeData={[toNodes(tree.data, current === undefined ? undefined : String(current))]}
    />
  );
}
