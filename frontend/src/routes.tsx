/**
 * Every page of the dashboard, declared once: the router and the side menu are both built
 * from this list. The server forwards unknown non-API paths to index.html, so these paths
 * also work on reload and as bookmarks.
 */
import { AlertOutlined, ApartmentOutlined, ClusterOutlined, ApiOutlined, AuditOutlined, CalendarOutlined, DashboardOutlined, DeploymentUnitOutlined, FieldTimeOutlined, HistoryOutlined, KeyOutlined, NotificationOutlined, ScheduleOutlined, TeamOutlined } from '@ant-design/icons';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { Me, Role } from './pages/login/types';
import { t } from './i18n';

export interface AppRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  /** Shown in the side menu when set; `label` is a getter, read in the current language. */
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
    menu: { get label() { return t('nav.overview'); }, icon: <DashboardOutlined /> },
  },
  {
    path: '/jobs',
    page: lazy(() => import('./pages/jobs/JobsPage')),
    menu: { get label() { return t('common.jobs'); }, icon: <ScheduleOutlined /> },
  },
  { path: '/jobs/:id', page: lazy(() => import('./pages/jobs/JobDetailPage')) },
  {
    path: '/workflows',
    page: lazy(() => import('./pages/workflows/WorkflowsPage')),
    menu: { get label() { return t('workflows.title'); }, icon: <DeploymentUnitOutlined /> },
  },
  { path: '/workflows/graph', page: lazy(() => import('./pages/workflows/graph/WorkflowGraphPage')) },
  {
    path: '/upcoming',
    page: lazy(() => import('./pages/upcoming/UpcomingPage')),
    menu: { get label() { return t('common.upcoming'); }, icon: <FieldTimeOutlined /> },
  },
  {
    path: '/calendars',
    page: lazy(() => import('./pages/calendars/CalendarsPage')),
    menu: { get label() { return t('calendars.title'); }, icon: <CalendarOutlined /> },
  },
  {
    path: '/executions',
    page: lazy(() => import('./pages/executions/ExecutionsPage')),
    menu: { get label() { return t('common.executions'); }, icon: <HistoryOutlined /> },
  },
  { path: '/executions/:id', page: lazy(() => import('./pages/executions/ExecutionDetailPage')) },
  {
    path: '/agents',
    page: lazy(() => import('./pages/agents/AgentsPage')),
    menu: { get label() { return t('common.agents'); }, icon: <ApiOutlined /> },
  },
  {
    path: '/alerts',
    page: lazy(() => import('./pages/alerts/AlertsPage')),
    menu: { get label() { return t('common.alerts'); }, icon: <AlertOutlined /> },
  },
  {
    path: '/alert-channels',
    page: lazy(() => import('./pages/alerts/ChannelsPage')),
    menu: { get label() { return t('common.alertChannels'); }, icon: <NotificationOutlined /> },
  },
  {
    path: '/users',
    page: lazy(() => import('./pages/users/UsersPage')),
    menu: { get label() { return t('common.users'); }, icon: <TeamOutlined /> },
    globalAdmin: true,
  },
  {
    path: '/sso/group-mappings',
    page: lazy(() => import('./pages/sso/GroupMappingsPage')),
    menu: { get label() { return t('sso.groupMappings'); }, icon: <ClusterOutlined /> },
    globalAdmin: true,
  },
  {
    path: '/departments',
    page: lazy(() => import('./pages/departments/DepartmentsPage')),
    menu: { get label() { return t('common.departments'); }, icon: <ApartmentOutlined /> },
  },
  { path: '/departments/:id/members', page: lazy(() => import('./pages/departments/MembersPage')) },
  {
    path: '/service-tokens',
    page: lazy(() => import('./pages/tokens/ServiceTokensPage')),
    menu: { get label() { return t('common.serviceTokens'); }, icon: <KeyOutlined /> },
    roles: ['ADMIN'],
  },
  {
    path: '/audit',
    page: lazy(() => import('./pages/audit/AuditPage')),
    menu: { get label() { return t('common.auditLog'); }, icon: <AuditOutlined /> },
    roles: ['ADMIN'],
  },
];

export function allowed(route: AppRoute, user: Pick<Me, 'role' | 'globalAdmin'> | null | undefined): boolean {
  if (route.globalAdmin && !user?.globalAdmin) return false;
  return !route.roles || (!!user?.role && route.roles.includes(user.role));
}
