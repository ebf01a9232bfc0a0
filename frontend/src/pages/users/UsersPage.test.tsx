import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import type { User } from './types';
import UsersPage from './UsersPage';

const userEvent = userEventLib.setup({ delay: null });
const users: User[] = [
  {
    id: 1,
    username: 'admin',
    role: 'ADMIN',
    globalAdmin: true,
    enabled: true,
    departments: [
      { id: 1, name: 'default', role: 'ADMIN' },
      { id: 4, name: 'pay', role: 'ADMIN' },
    ],
  },
  { id: 7, username: 'olga', role: null, globalAdmin: false, enabled: true, departments: [{ id: 4, name: 'pay', role: 'OPERATOR' }] },
];

describe('UsersPage', () => {
  it('shows global admins, the role in the current department and every membership', async () => {
    mockApi((c) => (c.path === '/users' ? { body: users } : undefined));
    renderPage(<UsersPage />, { user: { username: 'admin', role: 'ADMIN', globalAdmin: true } });

    expect(await screen.findByRole('columnheader', { name: 'Role in default' })).toBeInTheDocument();
    const olga = (await screen.findByText('olga')).closest('tr') as HTMLElement;
    expect(within(olga).getByText('pay: OPERATOR')).toBeInTheDocument();
    expect(within(olga).getByText('—')).toBeInTheDocument();
    const admin = screen.getByText('admin', { selector: 'td' }).closest('tr') as HTMLElement;
    expect(within(admin).getByText('global admin')).toBeInTheDocument();
  });

  it('creates a global admin, and edits a role in the current department', async () => {
    const calls = mockApi((c) => {
      if (c.method === 'GET' && c.path === '/users') return { body: users };
      if (c.method === 'POST') return { status: 201, body: { ...users[1], id: 9, username: 'gina' } };
      if (c.method === 'PUT') return { body: users[1] };
      return undefined;
    });
    renderPage(<UsersPage />, { user: { username: 'admin', role: 'ADMIN', globalAdmin: true } });

    await userEvent.click(await screen.findByRole('button', { name: /new user/i }));
    await userEvent.type(screen.getByLabelText('Username'), 'gina');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough-1');
    await userEvent.click(screen.getByRole('switch', { name: 'Global admin' }));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        username: 'gina',
        password: 'long-enough-1',
        role: 'VIEWER',
        globalAdmin: true,
        enabled: true,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'edit olga' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Role in default' }));
    await userEvent.click(await screen.findByTitle('OPERATOR'));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ role: 'OPERATOR', globalAdmin: false, enabled: true }),
    );
  });
});
