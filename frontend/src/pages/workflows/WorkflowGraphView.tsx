/**
 * The dependency graph drawn left to right (layout.ts places it): jobs as boxes coloured by
 * their latest run's status, edges as arrows from upstream to dependent. A click on a job
 * opens its runs; operators get "Run alone" and "Run with dependents" on each job.
 */
import { Button, Space, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../paths';
import { STATUS_COLORS, StatusTag } from '../executions/StatusTag';
import { layoutGraph, NODE_BOX } from './layout';
import type { WorkflowGraph, WorkflowNode } from './types';
import { t } from '../../i18n';

/** A job that never ran. */
const NEVER_RAN = '#d9d9d9';
const EDGE = '#8c8c8c';

interface Props {
  graph: WorkflowGraph;
  /** Absent: no run buttons (the user may not run jobs). */
  onRun?: (node: WorkflowNode, withDependents: boolean) => void;
  /** The job whose run is being sent, its buttons busy. */
  sending?: string | null;
}

export function WorkflowGraphView({ graph, onRun, sending }: Props) {
  const layout = useMemo(
    () =>
      layoutGraph({
        nodes: graph.nodes.map((n) => ({ id: String(n.jobId), name: n.name })),
        edges: graph.edges.map((e) => ({ from: String(e.from), to: String(e.to) })),
      }),
    [graph],
  );
  const byId = new Map(graph.nodes.map((n) => [String(n.jobId), n]));
  const nameOf = (id: string) => byId.get(id)?.name ?? id;
  const margin = 8;
  return (
    <div style={{ overflowX: 'auto', overflowY: 'hidden', paddingBottom: 8 }} data-testid="workflow-graph">
      <div style={{ position: 'relative', width: layout.width + 2 * margin, height: layout.height + 2 * margin }}>
        <svg
          width={layout.width + 2 * margin}
          height={layout.height + 2 * margin}
          style={{ position: 'absolute', left: 0, top: 0 }}
          role="img"
          aria-label={t('workflows.graphLabel', { jobs: graph.nodes.length, edges: layout.edges.length })}
        >
          <defs>
            <marker id="workflow-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" fill={EDGE} />
            </marker>
          </defs>
          <g transform={`translate(${margin} ${margin})`}>
            {layout.edges.map((e) => (
              <path
                key={`${e.from}-${e.to}`}
                d={e.path}
                fill="none"
                stroke={EDGE}
                strokeWidth={1.5}
                markerEnd="url(#workflow-arrow)"
                data-testid="workflow-edge"
                data-from={nameOf(e.from)}
                data-to={nameOf(e.to)}
              >
                <title>{t('workflows.edgeTitle', { from: nameOf(e.from), to: nameOf(e.to) })}</title>
              </path>
            ))}
          </g>
        </svg>
        {layout.nodes.map((placed) => {
          const node = byId.get(placed.id)!;
          const colour = node.status ? STATUS_COLORS[node.status] : NEVER_RAN;
          return (
            <div
              key={placed.id}
              data-testid="workflow-node"
              data-name={node.name}
              data-status={node.status ?? 'NONE'}
              style={{
                position: 'absolute',
                left: placed.x + margin,
                top: placed.y + margin,
                width: NODE_BOX.width,
                height: NODE_BOX.height,
                boxSizing: 'border-box',
                border: `2px solid ${colour}`,
                borderLeftWidth: 8,
                borderRadius: 8,
                background: '#fff',
                padding: '6px 10px',
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'space-between',
              }}
            >
              <Space size={6} style={{ justifyContent: 'space-between', width: '100%' }}>
                <Tooltip title={t('workflows.openRunsOf', { name: node.name })}>
                  <Link
                    to={`${paths.executions}?jobId=${node.jobId}`}
                    style={{
                      fontWeight: 600,
                      maxWidth: 140,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                      display: 'inline-block',
                      verticalAlign: 'bottom',
                      opacity: node.enabled ? 1 : 0.6,
                    }}
                  >
                    <span data-literal>{node.name}</span>
                  </Link>
                </Tooltip>
                {node.status ? <StatusTag status={node.status} /> : <Typography.Text type="secondary">{t('workflows.neverRan')}</Typography.Text>}
              </Space>
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                {node.schedule ? node.schedule : t('workflows.afterUpstreams')}
                {node.enabled ? '' : ` · ${t('common.disabled')}`}
              </Typography.Text>
              {onRun && (
                <Space size={4}>
                  <Button
                    size="small"
                    loading={sending === `${placed.id}:alone`}
                    aria-label={t('workflows.runNameAlone', { name: node.name })}
                    onClick={() => onRun(node, false)}
                  >
                    {t('workflows.runAlone')}
                  </Button>
                  <Button
                    size="small"
                    type="primary"
                    ghost
                    loading={sending === `${placed.id}:with`}
                    aria-label={t('workflows.runNameWithDependents', { name: node.name })}
                    onClick={() => onRun(node, true)}
                  >
                    {t('workflows.runWithDependents')}
                  </Button>
                </Space>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
