/**
 * Every page of the dashboard, declared once: the router and the side menu are both built
 * from this list. The server forwards unknown non-API paths to index.html, so these paths
 * also work on reload and as bookmarks.
 */
import { AlertOutlined, ApartmentOutlined, ApiOutlined, AuditOutlined, CalendarOutlined, DashboardOutlined, FieldTimeOutlined, HistoryOutlined, KeyOutlined, NotificationOutlined, ScheduleOutlined, TeamOutlined } from '@ant-design/icons';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { Me, Role } from './pages/login/types';

export interface AppRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  /** Shown in the side menu when set. */
  menu?: { label: string; icon: ReactNode };
  /** Roles allowed (the role in the current department); all signed-in users when absent. */
  roles?: Role[];
  /** Only for global admins, whatever their role in the current department. */
  globalAdmin?: boolean;
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
    path: '/upcoming',
    page: lazy(() => import('./pages/upcoming/UpcomingPage')),
    menu: { label: 'Upcoming', icon: <FieldTimeOutlined /> },
  },
  {
    path: '/calendars',
    page: lazy(() => import('./pages/calendars/CalendarsPage')),
    menu: { label: 'Calendars', icon: <CalendarOutlined /> },
  },
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
    globalAdmin: true,
  },
  {
    path: '/departments',
    page: lazy(() => import('./pages/departments/DepartmentsPage')),
    menu: { label: 'Departments', icon: <ApartmentOutlined /> },
  },
  { path: '/departments/:id/members', page: lazy(() => import('./pages/departments/MembersPage')) },
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

export function allowed(route: AppRoute, user: Pick<Me, 'role' | 'globalAdmin'> | null | undefined): boolean {
  if (route.globalAdmin && !user?.globalAdmin) return false;
  return !route.roles || (!!user?.role && route.roles.includes(user.role));
}
