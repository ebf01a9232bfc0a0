import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '../test/mockApi';
import { AuthProvider, useAuth } from './AuthProvider';

function Who() {
  const { user, signOut } = useAuth();
  return (
    <>
      <p>{user ? `signed in as ${user.username} in ${user.department?.name}` : 'signed out'}</p>
      <button onClick={() => void signOut()}>out</button>
    </>
  );
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

  it('sends the browser to the provider to end its session when the server says where', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const me = { id: 1, username: 'ada', role: 'ADMIN', globalAdmin: false, department: { id: 1, name: 'default' }, departments: [] };
    mockApi((c) =>
      c.path === '/auth/me' ? { body: me } : c.path === '/auth/logout' ? { body: { redirectTo: 'https://idp.example/logout?id_token_hint=x' } } : undefined,
    );
    open();
    await screen.findByText('signed in as ada in default');

    fireEvent.click(screen.getByRole('button', { name: 'out' }));

    expect(await screen.findByText('signed out')).toBeInTheDocument();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example/logout?id_token_hint=x'));
    vi.unstubAllGlobals();
  });
});
