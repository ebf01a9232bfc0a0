import { screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { formatInZone } from '../format';
import type { Me } from '../pages/login/types';
import { mockApi } from '../test/mockApi';
import { renderPage } from '../test/render';
import { AppLayout } from './AppLayout';

const userEvent = userEventLib.setup({ delay: null });

const me: Me = {
  id: 1,
  username: 'ada',
  role: 'ADMIN',
  globalAdmin: true,
  department: { id: 1, name: 'default' },
  departments: [{ id: 1, name: 'default', role: 'ADMIN' }],
};

describe('LanguageSwitcher', () => {
  it('switches the whole frame to Chinese, with antd, dates and <html lang>, and remembers it', async () => {
    mockApi((c) => (c.path === '/auth/me' ? { body: me } : undefined));
    renderPage(
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/" element={<p>overview page</p>} />
        </Route>
      </Routes>,
      { user: me },
    );

    expect(await screen.findByRole('menuitem', { name: /Jobs/ })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    await userEvent.click(screen.getByRole('combobox', { name: 'Language' }));
    await userEvent.click(await screen.findByTitle('简体中文'));

    expect(await screen.findByRole('menuitem', { name: /任务/ })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /执行记录/ })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /审计日志/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Jobs/ })).not.toBeInTheDocument();
    expect(screen.getByText('管理员')).toBeInTheDocument(); // the role, as a label
    expect(screen.getByRole('combobox', { name: '语言' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(localStorage.getItem('crony.lang')).toBe('zh-CN');
    // dayjs speaks Chinese too: weekdays in a job's time zone
    expect(formatInZone('2026-11-26T10:00:00Z', 'UTC')).toBe('周四 2026-11-26 10:00:00');
  });
});
