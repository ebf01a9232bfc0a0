import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../auth/AuthProvider';
import type { Me } from '../pages/login/types';
import { LanguageProvider, type Lang } from '../i18n';

/** A signed-in user: a member of `default` with `role` unless said otherwise. */
export type TestUser = Partial<Me> & Pick<Me, 'username' | 'role'>;

interface Options {
  /** Where the router starts. */
  at?: string;
  /** Route pattern the element is mounted under (for useParams). */
  path?: string;
  /** Signed in as this user (a member of `default` with that role unless said otherwise); `null` for signed out. */
  user?: TestUser | null;
  /** Other routes, to see where navigation went. */
  extraRoutes?: Record<string, ReactElement>;
  /** The dashboard's language; English unless a test says otherwise. */
  lang?: Lang;
}

/** Renders a page the way the app does: antd App, react-query, auth and a router. */
export const DEFAULT_DEPARTMENT = { id: 1, name: 'default' };

export function renderPage(ui: ReactElement, { at = '/', path = '*', user = { username: 'ada', role: 'ADMIN' }, extraRoutes = {}, lang = 'en' }: Options = {}) {
  const me: Me | null = user
    ? {
        globalAdmin: false,
        department: DEFAULT_DEPARTMENT,
        departments: user.role ? [{ ...DEFAULT_DEPARTMENT, role: user.role }] : [],
        ...user,
      }
    : null;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    // mock="server": antd keeps its CSS-in-JS styles in memory instead of injecting them into
    // jsdom, which would otherwise re-parse every stylesheet on each getComputedStyle call.
    <StyleProvider mock="server">
    {/* No motion: under load, jsdom can leave a field's error list mid-animation, unrendered. */}
    <ConfigProvider theme={{ token: { motion: false } }}>
    <LanguageProvider lang={lang}>
    <AntApp>
      <QueryClientProvider client={queryClient}>
        <AuthProvider initialUser={me}>
          <MemoryRouter initialEntries={[at]}>
            <Routes>
              {Object.entries(extraRoutes).map(([p, el]) => (
                <Route key={p} path={p} element={el} />
              ))}
              <Route path={path} element={ui} />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    </AntApp>
    </LanguageProvider>
    </ConfigProvider>
    </StyleProvider>,
  );
}
