import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import GroupMappingsPage from './GroupMappingsPage';
import type { GroupMapping } from './types';

const userEvent = userEventLib.setup({ delay: null });
const mapping = (id: number, overrides: Partial<GroupMapping> = {}): GroupMapping => ({
  id,
  group: `team-${id}`,
  departmentId: 1,
  department: 'default',
  role: 'OPERATOR',
  createdBy: 'admin',
  createdAt: '2026-11-26T05:00:00Z',
  updatedAt: '2026-11-26T05:00:00Z',
  ...overrides,
});
const departments = [
  { id: 1, name: 'default', description: null, retentionDays: null, memberCount: 1, jobCount: 0, createdAt: '2026-11-01T00:00:00Z', createdBy: null },
  { id: 2, name: 'payments', description: null, retentionDays: null, memberCount: 0, jobCount: 0, createdAt: '2026-11-01T00:00:00Z', createdBy: null },
];
const admin = { username: 'admin', role: 'ADMIN' as const, globalAdmin: true };

async function fillNewMapping(group: string) {
  await userEvent.click(screen.getByRole('button', { name: /new mapping/i }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('Group'), group);
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Department' }));
  await userEvent.click(await screen.findByTitle('payments'));
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
  await userEvent.click(await screen.findByTitle('ADMIN'));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
  return dialog;
}

describe('GroupMappingsPage', () => {
  it('lists the mappings, adds one and removes one', async () => {
    const calls = mockApi((c) => {
      if (c.method === 'GET' && c.path === '/sso/group-mappings') return { body: [mapping(1), mapping(2, { role: 'VIEWER', department: 'payments' })] };
      if (c.method === 'GET' && c.path === '/departments') return { body: departments };
      if (c.method === 'POST' && c.path === '/sso/group-mappings') return { status: 201, body: mapping(3, { group: 'ops', role: 'ADMIN' }) };
      if (c.method === 'DELETE' && c.path === '/sso/group-mappings/2') return { status: 204 };
      return undefined;
    });
    renderPage(<GroupMappingsPage />, { user: admin });

    const row = (await screen.findByText('team-2')).closest('tr') as HTMLElement;
    expect(within(row).getByText('payments')).toBeInTheDocument();
    expect(within(row).getByText('VIEWER')).toBeInTheDocument();

    await fillNewMapping('ops');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ group: 'ops', department: 'payments', role: 'ADMIN' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'remove mapping team-2 to payments' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/sso/group-mappings/2')).toBe(true));
  });

  it("shows the API's field errors beside their fields, and a taken mapping on the group", async () => {
    let answer: 'invalid' | 'taken' = 'invalid';
    mockApi((c) => {
      if (c.method === 'GET' && c.path === '/sso/group-mappings') return { body: [] };
      if (c.method === 'GET' && c.path === '/departments') return { body: departments };
      if (c.method === 'POST' && answer === 'invalid') {
        return {
          status: 400,
          contentType: 'application/problem+json',
          body: {
            title: 'Bad Request',
            status: 400,
            code: 'VALIDATION_FAILED',
            errors: [{ field: 'group', message: 'must be at most 255 characters', code: 'TOO_LONG', params: { max: '255' } }],
          },
        };
      }
      if (c.method === 'POST') return { status: 409, contentType: 'application/problem+json', body: { title: 'Conflict', status: 409, code: 'CONFLICT', detail: 'group ops is mapped to payments already' } };
      return undefined;
    });
    renderPage(<GroupMappingsPage />, { user: admin });

    const dialog = await fillNewMapping('x'.repeat(256));
    expect(await within(dialog).findByText(/at most 255/)).toBeInTheDocument();

    answer = 'taken';
    await userEvent.clear(within(dialog).getByLabelText('Group'));
    await userEvent.type(within(dialog).getByLabelText('Group'), 'ops');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('This group is mapped to that department already')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    mockApi((c) => (c.method === 'GET' && c.path === '/sso/group-mappings' ? { body: [mapping(1)] } : undefined));
    renderPage(<GroupMappingsPage />, { user: admin, lang: 'zh-CN' });
    expect(await screen.findByRole('heading', { name: '组映射' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '删除映射 team-1 到 default' })).toBeInTheDocument();
  });
});
