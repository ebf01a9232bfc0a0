import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DEPARTMENT_HEADER, departmentStore, http } from '../api/http';
import type { Me } from '../pages/login/types';
import { mockApi } from '../test/mockApi';
import { renderPage } from '../test/render';
import { AppLayout } from './AppLayout';

const userEvent = userEventLib.setup({ delay: null });

const me: Me = {
  id: 2,
  username: 'ada',
  role: 'VIEWER',
  globalAdmin: false,
  department: { id: 1, name: 'default' },
  departments: [
    { id: 1, name: 'default', role: 'VIEWER' },
    { id: 4, name: 'pay', role: 'ADMIN' },
  ],
};

/** A page under the layout that shows whose jobs it read. */
function JobsProbe() {
  const jobs = useQuery({ queryKey: ['probe-jobs'], queryFn: () => http.get<{ department: string }>('/jobs') });
  return <p>jobs of {jobs.data?.department ?? '…'}</p>;
}

const renderLayout = (user: Me, at = '/jobs') =>
  renderPage(
    <Routes>
      <Route element={<AppLayout />}>
        <Route
          path="/"
          element={
            <>
              <p>overview page</p>
              <JobsProbe />
            </>
          }
        />
        <Route path="/jobs" element={<JobsProbe />} />
      </Route>
    </Routes>,
    { user, at },
  );

describe('DepartmentSwitcher', () => {
  it('lists the memberships, and a choice is sent with every call from then on', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/auth/me') return { body: me };
      if (c.path === '/jobs') return { body: { department: c.headers[DEPARTMENT_HEADER] ?? 'home' } };
      return undefined;
    });
    renderLayout(me);

    expect(await screen.findByText('jobs of home')).toBeInTheDocument();
    await waitFor(() => expect(departmentStore.get()).toBe('default'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Department' }));
    await userEvent.click(await screen.findByTitle('pay'));

    expect(await screen.findByText('overview page')).toBeInTheDocument();
    // nothing read in the department left is shown: the answers are read again, with the header
    expect(await screen.findByText('jobs of pay')).toBeInTheDocument();
    expect(screen.queryByText('jobs of home')).not.toBeInTheDocument();
    expect(departmentStore.get()).toBe('pay');
    // the role shown (and checked by buttons) is the one in the department chosen
    expect(screen.getByText('ADMIN')).toBeInTheDocument();
    // /auth/me is read without the header: a stale choice cannot make it fail
    expect(calls.filter((c) => c.path === '/auth/me').every((c) => c.headers[DEPARTMENT_HEADER] === undefined)).toBe(true);

    await userEvent.click(screen.getByRole('combobox', { name: 'Department' }));
    await userEvent.click(await screen.findByTitle('default'));
    expect(await screen.findByText('jobs of default')).toBeInTheDocument();
    expect(departmentStore.get()).toBe('default');
  });

  it("falls back to the server's home department when the stored one is no longer a membership", async () => {
    departmentStore.set('payroll-old');
    mockApi((c) => {
      if (c.path === '/auth/me') return { body: me };
      if (c.path === '/jobs') return { body: { department: c.headers[DEPARTMENT_HEADER] ?? 'home' } };
      return undefined;
    });
    renderLayout({ ...me, department: { id: 9, name: 'payroll-old' }, departments: [...me.departments, { id: 9, name: 'payroll-old', role: 'ADMIN' }] });

    // the answer read for the stale department is dropped and read again in the home one
    expect(await screen.findByText('jobs of default')).toBeInTheDocument();
    expect(departmentStore.get()).toBe('default');
    expect(screen.getByRole('combobox', { name: 'Department' }).closest('.ant-select')).toHaveTextContent('default');
    expect(screen.getByText('VIEWER')).toBeInTheDocument();
  });
});
