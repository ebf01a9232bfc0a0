import { screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import LoginPage from './LoginPage';

const userEvent = userEventLib.setup({ delay: null });

const renderLogin = () =>
  renderPage(<LoginPage />, { at: '/login', path: '/login', user: null, extraRoutes: { '/': <p>overview page</p> } });

describe('LoginPage', () => {
  it('asks for both fields before calling the server', async () => {
    const calls = mockApi(() => undefined);
    renderLogin();

    await userEvent.click(screen.getByRole('button', { name: /sign in/i }));

    expect(await screen.findByText('Enter your username')).toBeInTheDocument();
    expect(await screen.findByText('Enter your password')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/auth/login')).toHaveLength(0);
  });

  it('signs in for a session cookie, writes nothing to storage and goes to the overview', async () => {
    const calls = mockApi((c) =>
      c.path === '/auth/login'
        ? { body: { expiresAt: '2026-11-23T00:00:00Z', username: 'ada', role: 'ADMIN' } }
        : undefined,
    );
    renderLogin();

    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 's3cret');
    await userEvent.click(screen.getByRole('button', { name: /sign in/i }));

    expect(await screen.findByText('overview page')).toBeInTheDocument();
    // the server keeps the session in an HttpOnly cookie: nothing for script to steal
    expect(calls.find((c) => c.path === '/auth/login')).toMatchObject({ method: 'POST', path: '/auth/login', body: { username: 'ada', password: 's3cret', cookie: true } });
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('says so when the credentials are wrong', async () => {
    mockApi(() => problem(401, 'Unauthorized', 'Bad credentials'));
    renderLogin();

    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: /sign in/i }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password');
    expect(screen.queryByText('overview page')).not.toBeInTheDocument();
  });

  it('says why a directory user with no mapped group gets no access', async () => {
    mockApi(() => problem(403, 'Forbidden', 'None of your directory groups is mapped to a Crony department'));
    renderLogin();

    await userEvent.type(screen.getByLabelText('Username'), 'carol');
    await userEvent.type(screen.getByLabelText('Password'), 'directory-password');
    await userEvent.click(screen.getByRole('button', { name: /sign in/i }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'None of your directory groups gives you access to a department. Ask an administrator to map one of them.',
    );
    expect(screen.queryByText('overview page')).not.toBeInTheDocument();
  });

  it('offers the OpenID Connect provider by the name the server gives, as a full page load to its start', async () => {
    mockApi((c) =>
      c.path === '/auth/sign-in-options' ? { body: { oidc: { name: 'Okta', path: '/oauth2/authorization/oidc' } } } : undefined,
    );
    renderLogin();

    const button = await screen.findByRole('link', { name: 'Sign in with Okta' });
    expect(button).toHaveAttribute('href', '/oauth2/authorization/oidc');
  });

  it('shows no provider button when OpenID Connect sign-in is off', async () => {
    const calls = mockApi((c) => (c.path === '/auth/sign-in-options' ? { body: {} } : undefined));
    renderLogin();

    await screen.findByLabelText('Username');
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/auth/sign-in-options')).toBe(true));
    expect(screen.queryByText(/sign in with/i)).not.toBeInTheDocument();
  });

  it('says why the provider sign-in gave no access', async () => {
    mockApi(() => undefined);
    renderPage(<LoginPage />, { at: '/login?sso=no-group', path: '/login', user: null });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'None of your groups at the identity provider gives you access to a department. Ask an administrator to map one of them.',
    );
  });

  it('says why the provider sign-in gave no access in Chinese', async () => {
    mockApi(() => undefined);
    renderPage(<LoginPage />, { at: '/login?sso=no-group', path: '/login', user: null, lang: 'zh-CN' });

    expect(await screen.findByRole('alert')).toHaveTextContent('您在身份提供方所在的组均未映射到任何部门');
  });
});
