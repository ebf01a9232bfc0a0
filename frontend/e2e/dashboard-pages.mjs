// The dashboard's pages as the browser tests and the screenshots open them.
import { tr, trRe } from './i18n.mjs';
import { api } from './support.mjs';

const idOf = async (name) => (await api('GET', `/jobs?name=${name}`)).body.items.find((j) => j.name === name).id;
/** `pay` once the departments test has made it (its members are worth a look), else `default`. */
const membersPath = async () => {
  const departments = (await api('GET', '/departments')).body;
  const shown = departments.find((d) => d.name === 'pay') ?? departments.find((d) => d.name === 'default');
  return `/departments/${shown.id}/members`;
};
const firstExecution = async () => (await api('GET', '/executions?size=1')).body.items[0]?.id;

/** Each page: where it is, and what shows only there once it has drawn its data. */
export const pages = [
  { name: 'overview', path: async () => '/', ready: (page) => page.getByText(tr('Recent failures')) },
  { name: 'jobs', path: async () => '/jobs', ready: (page) => page.getByRole('link', { name: 'settle-orders' }) },
  {
    name: 'job detail',
    path: async () => `/jobs/${await idOf('refresh-rates')}`,
    ready: (page) => page.getByRole('heading', { name: 'refresh-rates' }),
  },
  { name: 'upcoming', path: async () => '/upcoming', ready: (page) => page.getByText(tr('Fires in range')) },
  { name: 'workflows', path: async () => '/workflows', ready: (page) => page.getByText(tr('Workflow runs')) },
  {
    name: 'workflow graph',
    path: async () => `/workflows/graph?job=${await idOf('refresh-rates')}`,
    // the seeded workflow (refresh-rates, then publish-rates) drawn
    ready: (page) => page.locator('[data-testid="workflow-graph-chart"] canvas'),
  },
  { name: 'executions', path: async () => '/executions', ready: (page) => page.getByRole('heading', { name: tr('Executions') }) },
  {
    name: 'execution detail',
    path: async () => `/executions/${await firstExecution()}`,
    ready: (page) => page.getByText(trRe('Execution #{id}', {}, { exact: true })),
  },
  { name: 'agents', path: async () => '/agents', ready: (page) => page.locator('.ant-table').getByText('e2e-agent') },
  { name: 'users', path: async () => '/users', ready: (page) => page.getByRole('heading', { name: tr('Users') }) },
  {
    name: 'group mappings',
    path: async () => '/sso/group-mappings',
    ready: (page) => page.getByRole('heading', { name: tr('Group mappings') }),
  },
  {
    name: 'service tokens',
    path: async () => '/service-tokens',
    ready: (page) => page.getByRole('heading', { name: tr('Service tokens') }),
  },
  { name: 'departments', path: async () => '/departments', ready: (page) => page.getByRole('link', { name: tr('members of {name}', { name: 'default' }) }) },
  { name: 'members', path: membersPath, ready: (page) => page.getByRole('heading', { name: trRe('Members of {name}') }) },
  { name: 'audit', path: async () => '/audit', ready: (page) => page.getByRole('heading', { name: tr('Audit log') }) },
  { name: 'alerts', path: async () => '/alerts', ready: (page) => page.getByRole('heading', { name: tr('Alerts') }) },
  { name: 'calendars', path: async () => '/calendars', ready: (page) => page.getByRole('heading', { name: tr('Calendars') }) },
  {
    name: 'alert channels',
    path: async () => '/alert-channels',
    ready: (page) => page.getByRole('heading', { name: tr('Alert channels') }),
  },
];
