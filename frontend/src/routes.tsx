/**
 * Every page of the dashboard, declared once: the router and the side menu are both built
 * from this list. The server forwards unknown non-API paths to index.html, so these paths
 * also work on reload and as bookmarks.
 */
import { AlertOutlined, ApiOutlined, AuditOutlined, DashboardOutlined, HistoryOutlined, KeyOutlined, NotificationOutlined, ScheduleOutlined, TeamOutlined } from '@ant-design/icons';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { Role } from './pages/login/types';

export interface AppRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  /** Shown in the side menu when set. */
  menu?: { label: string; icon: ReactNode };
  /** Roles allowed; all signed-in users when absent. */
  roles?: Role[];
}

export const appRoutes: AppRoute[] = [
  {
    path: '/',
    page: lazy(() => import('./pages/overview/OverviewPage')),
    menu: { label: 'Overview', icon: <DashboardOutlined /> },
  },
  {
    path: '/jobs',
    page: lazy(() => import('./pages/jobs/JobsPage')),
    menu: { label: 'Jobs', icon: <ScheduleOutlined /> },
  },
  { path: '/jobs/:id', page: lazy(() => import('./pages/jobs/JobDetailPage')) },
  {
    path: '/executions',
    page: lazy(() => import('./pages/executions/ExecutionsPage')),
    menu: { label: 'Executions', icon: <HistoryOutlined /> },
  },
  { path: '/executions/:id', page: lazy(() => import('./pages/executions/ExecutionDetailPage')) },
  {
    path: '/agents',
    page: lazy(() => import('./pages/agents/AgentsPage')),
    menu: { label: 'Agents', icon: <ApiOutlined /> },
  },
  {
    path: '/alerts',
    page: lazy(() => import('./pages/alerts/AlertsPage')),
    menu: { label: 'Alerts', icon: <AlertOutlined /> },
  },
  {
    path: '/alert-channels',
    page: lazy(() => import('./pages/alerts/ChannelsPage')),
    menu: { label: 'Alert channels', icon: <NotificationOutlined /> },
  },
  {
    path: '/users',
    page: lazy(() => import('./pages/users/UsersPage')),
    menu: { label: 'Users', icon: <TeamOutlined /> },
    roles: ['ADMIN'],
  },
  {
    path: '/service-tokens',
    page: lazy(() => import('./pages/tokens/ServiceTokensPage')),
    menu: { label: 'Service tokens', icon: <KeyOutlined /> },
    roles: ['ADMIN'],
  },
  {
    path: '/audit',
    page: lazy(() => import('./pages/audit/AuditPage')),
    menu: { label: 'Audit log', icon: <AuditOutlined /> },
    roles: ['ADMIN'],
  },
];

export function allowed(route: AppRoute, role: Role | undefined): boolean {
  return !route.roles || (role !== undefined && route.roles.includes(role));
}
