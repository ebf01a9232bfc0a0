/** Links to the app's pages; the route table in routes.tsx uses the same patterns. */
export const paths = {
  login: '/login',
  overview: '/',
  jobs: '/jobs',
  job: (id: string | number) => `/jobs/${id}`,
  upcoming: '/upcoming',
  workflows: '/workflows',
  workflowGraph: (jobId?: string | number) => (jobId == null ? '/workflows/graph' : `/workflows/graph?job=${jobId}`),
  executions: '/executions',
  execution: (id: string | number) => `/executions/${id}`,
  calendars: '/calendars',
  agents: '/agents',
  alerts: '/alerts',
  users: '/users',
  departments: '/departments',
  members: (departmentId: string | number) => `/departments/${departmentId}/members`,
  audit: '/audit',
};
