import { describe, expect, it } from 'vitest';
import type { ExecutionTree } from '../executions/types';
import { treeIds, treeUnfinished } from './RunTree';

const run = (id: number, status: ExecutionTree['status'], children: ExecutionTree[] = []): ExecutionTree => ({
  id,
  jobId: id,
  jobName: `job-${id}`,
  status,
  trigger: 'MANUAL',
  children,
});

describe('workflow run tree', () => {
  it('lists every run of the tree, root first', () => {
    expect(treeIds(run(10, 'SUCCEEDED', [run(11, 'SUCCEEDED', [run(13, 'RUNNING')]), run(12, 'FAILED')]))).toEqual(['10', '11', '13', '12']);
  });

  it('is unfinished while any run, however deep, is pending, running or waiting', () => {
    expect(treeUnfinished(run(10, 'SUCCEEDED', [run(11, 'SUCCEEDED', [run(13, 'WAITING')])]))).toBe(true);
    expect(treeUnfinished(run(10, 'SUCCEEDED', [run(11, 'RUNNING')]))).toBe(true);
    expect(treeUnfinished(run(10, 'SUCCEEDED', [run(11, 'FAILED'), run(12, 'SUCCEEDED')]))).toBe(false);
  });
});
