import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, problem } from '../test/mockApi';
import { AuthProvider, useAuth } from './AuthProvider';

function Who() {
  const { user } = useAuth();
  return <p>{user ? `signed in as ${user.username} in ${user.department?.name}` : 'signed out'}</p>;
}

const open = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <Who />
      </AuthProvider>
    </QueryClientProvider>,
  );

describe('AuthProvider', () => {
  it('asks the server on opening whether the session cookie signs someone in', async () => {
    const calls = mockApi((c) =>
      c.path === '/auth/me'
        ? { body: { id: 1, username: 'ada', role: 'ADMIN', globalAdmin: false, department: { id: 1, name: 'default' }, departments: [{ id: 1, name: 'default', role: 'ADMIN' }] } }
        : undefined,
    );

    open();

    expect(await screen.findByText('signed in as ada in default')).toBeInTheDocument();
    expect(calls[0]?.headers.Authorization).toBeUndefined();
  });

  it('is signed out when the cookie is gone or revoked, and drops what older dashboards stored', async () => {
    localStorage.setItem('crony.token', 'an-old-bearer-token');
    localStorage.setItem('crony.user', '{"username":"ada"}');
    mockApi(() => problem(401, 'Unauthorized'));

    open();

    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(localStorage.getItem('crony.token')).toBeNull();
    expect(localStorage.getItem('crony.user')).toBeNull();
  });
});
