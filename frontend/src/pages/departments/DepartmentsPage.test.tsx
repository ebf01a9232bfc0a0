import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, problem } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import DepartmentsPage from './DepartmentsPage';
import type { Department } from './types';

const userEvent = userEventLib.setup({ delay: null });
const department = (id: number, name: string, overrides: Partial<Department> = {}): Department => ({
  id,
  name,
  description: `${name} jobs`,
  retentionDays: null,
  memberCount: 2,
  jobCount: 3,
  createdAt: '2026-11-26T05:00:00Z',
  createdBy: 'admin',
  ...overrides,
});
const globalAdmin = {
  username: 'admin',
  role: 'ADMIN' as const,
  globalAdmin: true,
  departments: [
    { id: 1, name: 'default', role: 'ADMIN' as const },
    { id: 4, name: 'pay', role: 'ADMIN' as const },
  ],
};
const fieldOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

describe('DepartmentsPage', () => {
  it("words the default department's seeded description in the reader's language", async () => {
    mockApi((c) =>
      c.method === 'GET' && c.path === '/departments'
        ? { body: [department(1, 'default', { description: null }), department(4, 'pay', { description: null })] }
        : undefined,
    );
    renderPage(<DepartmentsPage />, { user: globalAdmin, lang: 'zh-CN' });

    expect(await screen.findByText('部门出现之前已有的一切，也是新用户的归属')).toBeInTheDocument();
    // another department without a description stays without one
    const pay = screen.getByText('pay').closest('tr') as HTMLElement;
    expect(within(pay).getByText('—')).toBeInTheDocument();
  });

  it('lets a global admin create a department, showing the field the server refused beside it', async () => {
    const calls = mockApi((c) => {
      if (c.method === 'GET' && c.path === '/departments') return { body: [department(1, 'default', { retentionDays: 30 })] };
      if (c.method === 'POST' && c.path === '/departments') {
        const body = c.body as { name: string };
        if (body.name === 'pay') return problem(409, 'Conflict', 'Name taken', [{ field: 'name', message: 'pay is taken' }]);
        return { status: 201, body: department(5, body.name) };
      }
      return undefined;
    });
    renderPage(<DepartmentsPage />, { user: globalAdmin });

    const row = (await screen.findByText('default')).closest('tr') as HTMLElement;
    expect(within(row).getByText('30 days')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'members of default' })).toHaveAttribute('href', '/departments/1/members');

    await userEvent.click(screen.getByRole('button', { name: /new department/i }));
    await userEvent.type(screen.getByLabelText('Name'), 'pay');
    await userEvent.type(screen.getByLabelText('Description'), 'payroll');
    await userEvent.type(screen.getByLabelText('Retention (days)'), '90');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await within(fieldOf('Name')).findByText('pay is taken')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'payroll');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ name: 'payroll', description: 'payroll', retentionDays: 90 }),
    );
  });

  it("shows the server's reason when a department cannot be deleted", async () => {
    mockApi((c) => {
      if (c.method === 'GET' && c.path === '/departments') return { body: [department(1, 'default'), department(4, 'pay')] };
      if (c.method === 'DELETE' && c.path === '/departments/4') return problem(409, 'Conflict', 'Department pay still has 3 jobs');
      return undefined;
    });
    renderPage(<DepartmentsPage />, { user: globalAdmin });

    await userEvent.click(await screen.findByRole('button', { name: 'delete pay' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Department pay still has 3 jobs')).toBeInTheDocument();
  });

  it('lets a department ADMIN edit only its own department, and others create and delete nothing', async () => {
    const calls = mockApi((c) => {
      if (c.method === 'GET' && c.path === '/departments') return { body: [department(1, 'default'), department(4, 'pay', { retentionDays: 14 })] };
      if (c.method === 'PUT' && c.path === '/departments/4') return { body: department(4, 'pay') };
      return undefined;
    });
    renderPage(<DepartmentsPage />, {
      user: {
        username: 'pam',
        role: 'VIEWER',
        departments: [
          { id: 1, name: 'default', role: 'VIEWER' },
          { id: 4, name: 'pay', role: 'ADMIN' },
        ],
      },
    });

    await screen.findByText('pay');
    expect(screen.queryByRole('button', { name: /new department/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'edit default' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'edit pay' }));
    expect(screen.getByLabelText('Name')).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Retention (days)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ description: 'pay jobs', retentionDays: null }));
  });
});
