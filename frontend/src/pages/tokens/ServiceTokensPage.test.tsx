import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import ServiceTokensPage from './ServiceTokensPage';
import type { ServiceToken } from './types';

const userEvent = userEventLib.setup({ delay: null });
const token = (id: number, overrides: Partial<ServiceToken> = {}): ServiceToken => ({
  id,
  name: `ci-${id}`,
  tokenHint: 'crony_sa_AbCd',
  scopes: ['JOBS_READ'],
  status: 'ACTIVE',
  createdBy: 'admin',
  createdAt: '2026-11-26T05:00:00Z',
  expiresAt: '2027-02-24T05:00:00Z',
  lastUsedAt: null,
  ...overrides,
});

describe('ServiceTokensPage', () => {
  it('creates a token, shows it once, and revokes an active one', async () => {
    const calls = mockApi((c) => {
      if (c.method === 'GET' && c.path === '/service-tokens') {
        return { body: { items: [token(1), token(2, { status: 'REVOKED' })], total: 2, page: 1, size: 200 } };
      }
      if (c.method === 'POST' && c.path === '/service-tokens') {
        return { status: 201, body: { token: 'crony_sa_secret-value', serviceToken: token(3, { name: 'deploy' }) } };
      }
      if (c.method === 'POST' && c.path === '/service-tokens/1/revoke') return { body: token(1, { status: 'REVOKED' }) };
      return undefined;
    });
    renderPage(<ServiceTokensPage />);

    const active = (await screen.findByText('ci-1')).closest('tr') as HTMLElement;
    expect(within(active).getByText('ACTIVE')).toBeInTheDocument();
    // a scope reads as what it allows, not as the API's name for it
    expect(within(active).getByText('Read jobs')).toBeInTheDocument();
    expect(within(active).queryByText('JOBS_READ')).toBeNull();
    expect(screen.getByRole('button', { name: 'revoke ci-2' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: /new token/i }));
    await userEvent.type(screen.getByLabelText('Name'), 'deploy');
    await userEvent.click(screen.getByLabelText('Write jobs'));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/service-tokens')?.body).toEqual({
        name: 'deploy',
        scopes: ['JOBS_READ', 'JOBS_WRITE', 'RUNS_READ'],
        expiresInDays: 90,
      }),
    );
    expect(await screen.findByText('crony_sa_secret-value')).toBeInTheDocument();
    expect(screen.getByText(/shown only this once/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));

    await userEvent.click(screen.getByRole('button', { name: 'revoke ci-1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/service-tokens/1/revoke')).toBe(true));
  });
});
