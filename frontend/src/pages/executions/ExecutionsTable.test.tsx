import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anExecution } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { executionsPollMs, ExecutionsTable } from './ExecutionsTable';

const userEvent = userEventLib.setup({ delay: null });
const page = (items = [
  anExecution({ id: 1, status: 'RUNNING', finishedAt: null, progress: 40 }),
  anExecution({ id: 2, status: 'FAILED', error: 'HTTP 500 from target' }),
]) => ({ items, total: items.length, page: 1, size: 20 });

describe('ExecutionsTable', () => {
  it('tags each run with its status and offers cancel only for the running one', async () => {
    const calls = mockApi((c) => (c.path === '/executions/1/cancel' ? { status: 202, body: { executionId: 1, outcome: 'REQUESTED' } } : undefined));
    renderPage(<ExecutionsTable page={page()} loading={false} onPageChange={() => {}} />);

    const running = screen.getByRole('link', { name: '#1' }).closest('tr') as HTMLElement;
    const failed = screen.getByRole('link', { name: '#2' }).closest('tr') as HTMLElement;
    expect(within(running).getByText('Running')).toBeInTheDocument();
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).queryByRole('button', { name: 'cancel 2' })).toBeNull();

    await userEvent.click(within(running).getByRole('button', { name: 'cancel 1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel run' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/executions/1/cancel')).toBe(true));
  });

  it("speaks Chinese: headers, status tags and antd's own pager", async () => {
    mockApi(() => undefined);
    renderPage(<ExecutionsTable page={page()} loading={false} onPageChange={() => {}} />, { lang: 'zh-CN' });

    const failed = screen.getByRole('link', { name: '#2' }).closest('tr') as HTMLElement;
    expect(within(failed).getByText('失败')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '状态' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '取消 1' })).toBeInTheDocument();
    expect(screen.getByText('共 2 次执行')).toBeInTheDocument();
    expect(screen.getByText('20 条/页')).toBeInTheDocument();
  });

  it('polls fast only while something runs', () => {
    expect(executionsPollMs(page())).toBe(2000);
    expect(executionsPollMs(page([anExecution()]))).toBe(10_000);
  });
});
