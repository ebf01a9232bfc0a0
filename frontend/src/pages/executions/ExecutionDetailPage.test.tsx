import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anExecution } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import ExecutionDetailPage from './ExecutionDetailPage';

describe('ExecutionDetailPage', () => {
  it("words the platform's own note in Chinese and leaves a target's answer as it said it", async () => {
    const note = 'claimed by agent a-1, which never recorded starting it';
    mockApi((c) =>
      c.path === '/executions/906'
        ? {
            body: anExecution({
              id: 906, status: 'MISSED', error: note,
              reason: { code: 'RUN_CLAIMED_NOT_STARTED', params: { agent: 'a-1' }, text: note },
            }),
          }
        : c.path === '/executions/907'
          ? { body: anExecution({ id: 907, status: 'FAILED', error: 'HTTP 500 from target' }) }
          : undefined,
    );
    const reconciled = renderPage(<ExecutionDetailPage />, { at: '/executions/906', path: '/executions/:id', lang: 'zh-CN' });
    expect(await screen.findByText('已被执行节点 a-1 认领，但它从未记录开始执行')).toBeInTheDocument();
    expect(screen.queryByText(note)).toBeNull();
    reconciled.unmount();

    renderPage(<ExecutionDetailPage />, { at: '/executions/907', path: '/executions/:id', lang: 'zh-CN' });
    expect(await screen.findByText('HTTP 500 from target')).toBeInTheDocument();
  });

  it('says which run released a workflow run member and shows the whole workflow run as a tree', async () => {
    mockApi((c) => {
      if (c.path === '/executions/11')
        return { body: anExecution({ id: 11, jobId: 5, jobName: 'reconcile', trigger: 'DEPENDENCY', releasedBy: 10, rootId: 10 }) };
      if (c.path === '/executions/11/tree')
        return {
          body: {
            id: 10, jobId: 4, jobName: 'load', status: 'SUCCEEDED', trigger: 'MANUAL',
            children: [
              {
                id: 11, jobId: 5, jobName: 'reconcile', status: 'SUCCEEDED', trigger: 'DEPENDENCY',
                children: [{ id: 12, jobId: 6, jobName: 'report', status: 'WAITING', trigger: 'DEPENDENCY', children: [] }],
              },
            ],
          },
        };
      return undefined;
    });
    renderPage(<ExecutionDetailPage />, { at: '/executions/11', path: '/executions/:id' });

    const released = (await screen.findByText('Released by')).closest('th')!.nextElementSibling as HTMLElement;
    expect(within(released).getByRole('link', { name: '#10' })).toHaveAttribute('href', '/executions/10');
    const root = screen.getByText('Workflow run started by').closest('th')!.nextElementSibling as HTMLElement;
    expect(within(root).getByRole('link', { name: '#10' })).toHaveAttribute('href', '/executions/10');
    const tree = await screen.findByRole('tree');
    expect(within(tree).getAllByTestId('run-tree-node').map((n) => n.dataset.status)).toEqual(['SUCCEEDED', 'SUCCEEDED', 'WAITING']);
    expect(within(tree).getByRole('link', { name: '#10' })).toHaveAttribute('href', '/executions/10');
    // the run looked at is marked, not linked to itself
    expect(within(tree).queryByRole('link', { name: '#11' })).toBeNull();
    expect(within(tree).getByText('Waiting')).toBeInTheDocument();
  });

  it('shows a running run\'s output in the live panel only, and a finished run\'s in its row', async () => {
    mockApi((c) =>
      c.path === '/executions/904'
        ? { body: anExecution({ id: 904, status: 'RUNNING', output: 'copied 10 of 20 files' }) }
        : c.path === '/executions/905'
          ? { body: anExecution({ id: 905, status: 'SUCCEEDED', output: 'copied 20 of 20 files' }) }
          : undefined,
    );
    const running = renderPage(<ExecutionDetailPage />, { at: '/executions/904', path: '/executions/:id' });
    await screen.findByText('Execution #904');
    expect(screen.getByText('Live output')).toBeInTheDocument();
    expect(screen.queryByText('Output')).toBeNull();
    running.unmount();

    renderPage(<ExecutionDetailPage />, { at: '/executions/905', path: '/executions/:id' });
    await screen.findByText('Execution #905');
    const output = screen.getByText('Output').closest('th')!.nextElementSibling as HTMLElement;
    expect(output).toHaveTextContent('copied 20 of 20 files');
    expect(screen.queryByText('Live output')).toBeNull();
  });

  it('shows the outputs a run published and the upstream outputs it read', async () => {
    mockApi((c) =>
      c.path === '/executions/906'
        ? {
            body: anExecution({
              id: 906, status: 'SUCCEEDED', outputs: { day: '20261128', rows: 42 },
              upstreamOutputs: { load: { executionId: 12, scheduledAt: '2026-11-28T06:00:00Z', outputs: { day: '20261128' } } },
            }),
          }
        : c.path === '/executions/907'
          ? { body: anExecution({ id: 907, status: 'SUCCEEDED' }) }
          : undefined,
    );
    const published = renderPage(<ExecutionDetailPage />, { at: '/executions/906', path: '/executions/:id' });
    const cell = (label: string) => screen.getByText(label).closest('th')!.nextElementSibling as HTMLElement;
    await screen.findByText('Execution #906');
    expect(cell('Outputs to downstream jobs')).toHaveTextContent('"rows": 42');
    expect(cell('Upstream outputs read')).toHaveTextContent('"executionId": 12');
    published.unmount();

    renderPage(<ExecutionDetailPage />, { at: '/executions/907', path: '/executions/:id' });
    await screen.findByText('Execution #907');
    expect(screen.queryByText('Outputs to downstream jobs')).toBeNull();
    expect(screen.queryByText('Upstream outputs read')).toBeNull();
  });

  it("shows the run's trace id with a link built from crony-web's template, and no link without one", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    let template: string | undefined = 'http://jaeger.test:16686/trace/{traceId}';
    mockApi((c) =>
      c.path === '/executions/950'
        ? { body: anExecution({ id: 950, status: 'SUCCEEDED', traceId }) }
        : c.path === '/auth/sign-in-options'
          ? { body: template ? { traceLinkTemplate: template } : {} }
          : undefined,
    );
    const linked = renderPage(<ExecutionDetailPage />, { at: '/executions/950', path: '/executions/:id', lang: 'zh-CN' });
    expect(await screen.findByText(traceId)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '查看链路' })).toHaveAttribute(
      'href',
      'http://jaeger.test:16686/trace/' + traceId,
    );
    linked.unmount();

    template = undefined;
    renderPage(<ExecutionDetailPage />, { at: '/executions/950', path: '/executions/:id' });
    expect(await screen.findByText(traceId)).toBeInTheDocument();
    expect(await screen.findByText('Trace')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the trace' })).toBeNull();
  });

  it('shows the progress message, the mode and the resume payload collapsed', async () => {
    mockApi((c) =>
      c.path === '/executions/902'
        ? {
            body: anExecution({
              id: 902, status: 'FAILED', mode: 'ASYNC', progress: 50, message: 'half way: 100000 rows',
              resumePayload: '{"offset":100000}',
            }),
          }
        : undefined,
    );
    renderPage(<ExecutionDetailPage />, { at: '/executions/902', path: '/executions/:id' });

    const cell = (label: string) => screen.getByText(label).closest('th')!.nextElementSibling as HTMLElement;
    await screen.findByText('Execution #902');
    expect(cell('Message')).toHaveTextContent('half way: 100000 rows');
    expect(cell('Mode')).toHaveTextContent('ASYNC');
    const summary = within(cell('Resume payload')).getByText('Show (17 characters)');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    expect(within(details).getByText('{"offset":100000}').tagName).toBe('PRE');
  });

  it('shows the chain of attempts of a run that moved, with the instance of each', async () => {
    mockApi((c) =>
      c.path === '/executions/903'
        ? {
            body: anExecution({
              id: 903, status: 'SUCCEEDED', mode: 'ASYNC', attempt: 2,
              attempts: [
                {
                  attempt: 1, instance: '10.0.0.5:8080', agentId: 'agent-1', startedAt: '2026-11-27T01:00:00Z',
                  endedAt: '2026-11-27T01:05:00Z', status: 'MOVED', note: 'its instance asked to move the run',
                },
                {
                  attempt: 2, instance: '10.0.0.6:8080', agentId: 'agent-1', startedAt: '2026-11-27T01:05:01Z',
                  endedAt: '2026-11-27T01:09:00Z', status: 'SUCCEEDED',
                },
              ],
            }),
          }
        : undefined,
    );
    renderPage(<ExecutionDetailPage />, { at: '/executions/903', path: '/executions/:id' });

    await screen.findByText('Execution #903');
    const [moved, finished] = within(document.getElementById('attempts')!).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect([moved, finished].map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual(['10.0.0.5:8080', '10.0.0.6:8080']);
    expect(within(moved).getByText('Moved')).toBeInTheDocument();
    expect(within(moved).getByText('its instance asked to move the run')).toBeInTheDocument();
    expect(within(finished).getByText('Succeeded')).toBeInTheDocument();
  });

  it("words the agent's notes in the chain of attempts in Chinese and leaves a target's answer and an older note as they came", async () => {
    const left = 'its instance 10.0.0.5:8080 left the registry';
    mockApi((c) =>
      c.path === '/executions/906'
        ? {
            body: anExecution({
              id: 906, status: 'FAILED', mode: 'ASYNC', attempt: 3,
              attempts: [
                {
                  attempt: 1, instance: '10.0.0.5:8080', agentId: 'agent-1', startedAt: '2026-11-27T01:00:00Z',
                  endedAt: '2026-11-27T01:05:00Z', status: 'MOVED', note: left,
                  reason: { code: 'ATTEMPT_INSTANCE_LEFT', params: { instance: '10.0.0.5:8080' }, text: left },
                },
                {
                  attempt: 2, instance: '10.0.0.6:8080', agentId: 'agent-1', startedAt: '2026-11-27T01:05:01Z',
                  endedAt: '2026-11-27T01:06:00Z', status: 'MOVED', note: 'its instance stopped reporting for 3 s',
                },
                {
                  attempt: 3, instance: '10.0.0.7:8080', agentId: 'agent-1', startedAt: '2026-11-27T01:06:01Z',
                  endedAt: '2026-11-27T01:07:00Z', status: 'FAILED', note: 'HTTP 503',
                },
              ],
            }),
          }
        : undefined,
    );
    renderPage(<ExecutionDetailPage />, { at: '/executions/906', path: '/executions/:id', lang: 'zh-CN' });

    await screen.findByText('其实例 10.0.0.5:8080 已离开注册中心');
    const chain = within(document.getElementById('attempts')!);
    expect(chain.getByText('其实例 10.0.0.5:8080 已离开注册中心')).toBeInTheDocument();
    expect(chain.queryByText(left)).toBeNull();
    // written before the codes: shown as it came
    expect(chain.getByText('its instance stopped reporting for 3 s')).toBeInTheDocument();
    expect(chain.getByText('HTTP 503')).toBeInTheDocument();
  });

  it('shows the shards of a sharded run by index, with the instance, status, attempt and error of each', async () => {
    mockApi((c) =>
      c.path === '/executions/904'
        ? {
            body: anExecution({
              id: 904, status: 'FAILED',
              shards: [
                {
                  index: 0, total: 3, instance: '10.0.0.1:8080', status: 'SUCCEEDED', attempt: 1,
                  startedAt: '2026-11-27T01:00:00Z', finishedAt: '2026-11-27T01:00:02Z', output: 'done',
                },
                { index: 1, total: 3, status: 'PENDING', attempt: 1 },
                {
                  index: 2, total: 3, instance: '10.0.0.3:8080', status: 'FAILED', attempt: 2,
                  startedAt: '2026-11-27T01:00:00Z', finishedAt: '2026-11-27T01:00:03Z', error: 'HTTP 503',
                },
              ],
            }),
          }
        : undefined,
    );
    renderPage(<ExecutionDetailPage />, { at: '/executions/904', path: '/executions/:id' });

    await screen.findByText('Execution #904');
    const card = document.getElementById('shards')!;
    expect(within(card).getByText('Shards')).toBeInTheDocument();
    expect(within(card).getByText('1 of 3 succeeded')).toBeInTheDocument();
    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['0', '1', '2']);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual(['10.0.0.1:8080', '—', '10.0.0.3:8080']);
    expect(within(rows[0]!).getByText('Succeeded')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[2]!).getAllByRole('cell')[3]).toHaveTextContent('2');
    expect(within(rows[2]!).getByText('HTTP 503')).toBeInTheDocument();
  });

  it("words the platform's notes on shards and earlier runs in Chinese and leaves a target's answer as it said it", async () => {
    const note = "the sharded run's limit of 5 s passed";
    mockApi((c) =>
      c.path === '/executions/905'
        ? {
            body: anExecution({
              id: 905, status: 'TIMED_OUT', error: null,
              shards: [
                {
                  index: 0, total: 2, status: 'TIMED_OUT', attempt: 1, error: note,
                  reason: { code: 'SHARD_LIMIT_PASSED', params: { seconds: '5' }, text: note },
                },
                { index: 1, total: 2, status: 'FAILED', attempt: 1, error: 'HTTP 503' },
              ],
              clearedRuns: [
                {
                  run: 1, trigger: 'CRON', status: 'CANCELLED', attempt: 1, error: 'Cancelled by ada',
                  reason: { code: 'RUN_CANCELLED_BY', params: { user: 'ada' }, text: 'Cancelled by ada' },
                  clearedAt: '2026-11-26T17:00:00Z', clearedBy: 'ada',
                },
              ],
            }),
          }
        : undefined,
    );
    renderPage(<ExecutionDetailPage />, { at: '/executions/905', path: '/executions/:id', lang: 'zh-CN' });

    expect(await screen.findByText('分片运行的时限 5 秒已过')).toBeInTheDocument();
    expect(screen.getByText('HTTP 503')).toBeInTheDocument();
    expect(screen.queryByText(note)).toBeNull();
    expect(screen.getByText('已被 ada 取消')).toBeInTheDocument();
  });

  it('shows no workflow run for a run of its own', async () => {
    const calls = mockApi((c) => (c.path === '/executions/901' ? { body: anExecution() } : undefined));
    renderPage(<ExecutionDetailPage />, { at: '/executions/901', path: '/executions/:id' });

    await screen.findByText('Execution #901');
    expect(screen.queryByText('Released by')).toBeNull();
    // no message or payload reported: no empty rows for them
    expect(screen.queryByText('Message')).toBeNull();
    expect(screen.queryByText('Resume payload')).toBeNull();
    expect(screen.queryByRole('tree')).toBeNull();
    expect(document.getElementById('attempts')).toBeNull();
    expect(document.getElementById('shards')).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/tree'))).toBe(false);
  });

  it('clears an ended run to run it again for its instant, with its dependents when asked, and shows its earlier runs', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/executions/907' && c.method === 'GET')
        return {
          body: anExecution({
            id: 907, status: 'FAILED', scheduledAt: '2026-11-26T16:12:00Z',
            clearedRuns: [{ run: 1, trigger: 'CRON', status: 'FAILED', attempt: 3, error: 'boom', clearedAt: '2026-11-26T17:00:00Z', clearedBy: 'ada' }],
          }),
        };
      if (c.path === '/executions/907/clear') return { status: 202, body: { executionId: 907, scheduledAt: '2026-11-26T16:12:00Z', dependents: [908] } };
      return undefined;
    });
    renderPage(<ExecutionDetailPage />, { at: '/executions/907', path: '/executions/:id', user: { username: 'ada', role: 'OPERATOR' } });

    const earlier = (await screen.findByText('Earlier runs')).closest('.ant-card') as HTMLElement;
    expect(within(earlier).getByText('boom')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Clear/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /With dependents/ }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear' }).at(-1)!);

    expect(await screen.findByText('Cleared: #907 runs again for its instant')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([['/executions/907/clear', { withDependents: true }]]);
  });

  it('re-runs only the failed shards of an ended sharded run, and offers it only when a shard failed', async () => {
    const shard = (index: number, status: string) => ({ index, total: 3, status, attempt: 1 });
    const calls = mockApi((c) => {
      if (c.path === '/executions/920' && c.method === 'GET')
        return { body: anExecution({ id: 920, status: 'FAILED', shards: [shard(0, 'SUCCEEDED'), shard(1, 'FAILED'), shard(2, 'SUCCEEDED')] }) };
      if (c.path === '/executions/920/rerun-failed-shards') return { status: 202, body: { executionId: 920, scheduledAt: '2026-11-26T16:12:00Z', shards: [1] } };
      if (c.path === '/executions/921') return { body: anExecution({ id: 921, status: 'SUCCEEDED', shards: [shard(0, 'SUCCEEDED')] }) };
      return undefined;
    });
    const failed = renderPage(<ExecutionDetailPage />, { at: '/executions/920', path: '/executions/:id', user: { username: 'ada', role: 'OPERATOR' } });

    await userEvent.click(await screen.findByRole('button', { name: /Re-run failed shards/ }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Re-run failed shards' }).at(-1)!);

    expect(await screen.findByText('#920 runs shards 1 again')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/executions/920/rerun-failed-shards']);
    failed.unmount();

    renderPage(<ExecutionDetailPage />, { at: '/executions/921', path: '/executions/:id', user: { username: 'ada', role: 'OPERATOR' } });
    await screen.findByText('Execution #921');
    expect(screen.getByRole('button', { name: /Clear/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Re-run failed shards/ })).toBeNull();
  });

  it('offers no clear to a viewer, nor for a run still live', async () => {
    mockApi((c) =>
      c.path === '/executions/909' ? { body: anExecution({ id: 909, status: 'FAILED' }) }
        : c.path === '/executions/910' ? { body: anExecution({ id: 910, status: 'WAITING' }) } : undefined,
    );
    const viewer = renderPage(<ExecutionDetailPage />, { at: '/executions/909', path: '/executions/:id', user: { username: 'vi', role: 'VIEWER' } });
    await screen.findByText('Execution #909');
    expect(screen.queryByRole('button', { name: /Clear/ })).toBeNull();
    viewer.unmount();

    renderPage(<ExecutionDetailPage />, { at: '/executions/910', path: '/executions/:id', user: { username: 'ada', role: 'OPERATOR' } });
    await screen.findByText('Execution #910');
    expect(screen.queryByRole('button', { name: /Clear/ })).toBeNull();
  });
});
