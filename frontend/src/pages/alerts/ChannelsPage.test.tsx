import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, problem } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import ChannelsPage from './ChannelsPage';
import type { Channel } from './types';

const userEvent = userEventLib.setup({ delay: null });
const channel = (overrides: Partial<Channel> = {}): Channel => ({
  id: 3,
  name: 'ops-feishu',
  type: 'FEISHU',
  enabled: true,
  platform: true,
  language: 'zh-CN',
  config: { url: 'https://open.feishu.cn/open-apis/bot/v2/hook/abc' },
  secretSet: true,
  createdAt: '2026-11-22T08:00:00Z',
  updatedAt: '2026-11-22T08:00:00Z',
  ...overrides,
});
const page = (items: Channel[]) => ({ items, total: items.length, page: 1, size: 200 });
const fieldOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

describe('ChannelsPage', () => {
  it('lists channels saying whether a secret is set, and sends a test message', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/alert-channels') return { body: page([channel()]) };
      if (c.path === '/alert-channels/3/test')
        return { body: { delivered: false, attempts: 3, error: 'HTTP 403: sign mismatch', tookMillis: 812 } };
      return undefined;
    });
    renderPage(<ChannelsPage />);

    const row = (await screen.findByText('ops-feishu')).closest('tr') as HTMLElement;
    expect(within(row).getByText('set')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'test ops-feishu' }));

    expect(await screen.findByText('ops-feishu: test message not delivered')).toBeInTheDocument();
    expect(screen.getByText('HTTP 403: sign mismatch (3 attempts)')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/alert-channels/3/test']);
  });

  it('keeps the stored secret when an edit leaves the secret empty', async () => {
    const calls = mockApi((c) => {
      if (c.method === 'GET' && c.path === '/alert-channels') return { body: page([channel()]) };
      if (c.method === 'PUT') return { body: channel({ name: 'ops-feishu-2' }) };
      return undefined;
    });
    renderPage(<ChannelsPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'edit ops-feishu' }));
    expect(screen.getByText(/A secret is stored; leave empty to keep it/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'ops-feishu-2' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/alert-channels/3');
    expect(put.body).toEqual({
      name: 'ops-feishu-2',
      type: 'FEISHU',
      enabled: true,
      platform: true,
      language: 'zh-CN',
      config: { url: 'https://open.feishu.cn/open-apis/bot/v2/hook/abc' },
    });
  });

  it('creates a mail channel and shows the server error beside the field it names', async () => {
    const calls = mockApi((c) => {
      if (c.method === 'GET' && c.path === '/alert-channels') return { body: page([]) };
      if (c.method === 'POST')
        return problem(400, 'Invalid alert channel', undefined, [{ field: 'config.from', message: 'must be an e-mail address' }]);
      return undefined;
    });
    renderPage(<ChannelsPage />);

    await userEvent.click(await screen.findByRole('button', { name: /New channel/ }));
    await userEvent.click(screen.getByText('MAIL'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'ops-mail' } });
    fireEvent.change(screen.getByLabelText('SMTP host'), { target: { value: 'smtp.example.com' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: 'crony' } });
    await userEvent.type(screen.getByLabelText('To'), 'ops@example.com{enter}');
    fireEvent.change(screen.getByLabelText('SMTP password'), { target: { value: 's3cret' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(fieldOf('From')).getByText('must be an e-mail address')).toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'ops-mail',
      type: 'MAIL',
      enabled: true,
      platform: false,
      language: 'en',
      config: { host: 'smtp.example.com', port: 587, username: null, security: 'STARTTLS', from: 'crony', to: ['ops@example.com'] },
      secret: 's3cret',
    });
  });

  it('writes a channel\'s messages in the language chosen for it', async () => {
    const calls = mockApi((c) => {
      if (c.method === 'GET' && c.path === '/alert-channels') return { body: page([]) };
      if (c.method === 'POST') return { status: 201, body: channel({ name: 'ops-hook', type: 'WEBHOOK' }) };
      return undefined;
    });
    renderPage(<ChannelsPage />);

    await userEvent.click(await screen.findByRole('button', { name: /New channel/ }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'ops-hook' } });
    fireEvent.change(screen.getByLabelText('Webhook URL'), { target: { value: 'https://hooks.example/crony' } });
    fireEvent.change(screen.getByLabelText('Signing secret'), { target: { value: 's3cret' } });
    fireEvent.mouseDown(screen.getByLabelText('Message language'));
    await userEvent.click(await screen.findByText('Chinese (Simplified)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'ops-hook', type: 'WEBHOOK', language: 'zh-CN' });
  });

  it('offers no changes to viewers', async () => {
    mockApi((c) => (c.path === '/alert-channels' ? { body: page([channel()]) } : undefined));
    renderPage(<ChannelsPage />, { user: { username: 'val', role: 'VIEWER' } });

    await screen.findByText('ops-feishu');
    expect(screen.queryByRole('button', { name: /New channel/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'test ops-feishu' })).not.toBeInTheDocument();
  });
});
