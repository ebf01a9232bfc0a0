import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, problem } from '../../test/mockApi';
import { renderPage, type TestUser } from '../../test/render';
import MembersPage from './MembersPage';
import type { Member } from './types';

const userEvent = userEventLib.setup({ delay: null });
const pay = { id: 4, name: 'pay', description: null, retentionDays: null, memberCount: 2, jobCount: 0, createdAt: '2026-11-26T05:00:00Z', createdBy: 'admin' };
const members: Member[] = [
  { userId: 1, username: 'admin', role: 'ADMIN', enabled: true, globalAdmin: true },
  { userId: 7, username: 'olga', role: 'OPERATOR', enabled: false, globalAdmin: false },
];
const renderMembers = (user: TestUser) =>
  renderPage(<MembersPage />, { at: '/departments/4/members', path: '/departments/:id/members', user });
const payAdmin = { username: 'pam', role: 'VIEWER' as const, departments: [{ id: 4, name: 'pay', role: 'ADMIN' as const }] };

describe('MembersPage', () => {
  it("lists the members; the department's ADMIN adds one, changes a role and sees why a member cannot go", async () => {
    const calls = mockApi((c) => {
      if (c.method === 'GET' && c.path === '/departments/4') return { body: pay };
      if (c.method === 'GET' && c.path === '/departments/4/members') return { body: members };
      if (c.method === 'POST' && c.path === '/departments/4/members') {
        return (c.body as { username: string }).username === 'nobody'
          ? problem(404, 'Not Found', 'No user nobody')
          : { status: 201, body: { userId: 9, username: 'vic', role: 'VIEWER', enabled: true, globalAdmin: false } };
      }
      if (c.method === 'PUT' && c.path === '/departments/4/members/7') return { body: { ...members[1], role: 'VIEWER' } };
      if (c.method === 'DELETE' && c.path === '/departments/4/members/1') return problem(409, 'Conflict', 'pay would be left without an ADMIN');
      return undefined;
    });
    renderMembers(payAdmin);

    expect(await screen.findByRole('heading', { name: 'Members of pay' })).toBeInTheDocument();
    const olga = (await screen.findByText('olga')).closest('tr') as HTMLElement;
    expect(within(olga).getByText('no')).toBeInTheDocument();
    expect(screen.getByText('global admin')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /add member/i }));
    await userEvent.type(screen.getByLabelText('Username'), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('No user nobody')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.type(screen.getByLabelText('Username'), 'vic');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ username: 'vic', role: 'VIEWER' }));

    await userEvent.click(within(olga).getByRole('combobox', { name: 'role of olga' }));
    await userEvent.click(await screen.findByTitle('VIEWER'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ role: 'VIEWER' }));

    await userEvent.click(screen.getByRole('button', { name: 'remove admin' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('pay would be left without an ADMIN')).toBeInTheDocument();
  });

  it('shows members read-only to someone who is no ADMIN there', async () => {
    mockApi((c) => {
      if (c.path === '/departments/4') return { body: pay };
      if (c.path === '/departments/4/members') return { body: members };
      return undefined;
    });
    renderMembers({ username: 'olga', role: 'OPERATOR', departments: [{ id: 4, name: 'pay', role: 'OPERATOR' }] });

    const olga = (await screen.findByText('olga')).closest('tr') as HTMLElement;
    expect(within(olga).getByText('OPERATOR')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /add member/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^remove/ })).not.toBeInTheDocument();
  });

  it('says so when the department is not one of the user’s', async () => {
    mockApi(() => problem(404, 'Not Found', 'No department 4'));
    renderMembers(payAdmin);

    expect(await screen.findByText('No department 4')).toBeInTheDocument();
  });
});
