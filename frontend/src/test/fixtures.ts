import type { Execution } from '../pages/executions/types';
import type { Job } from '../pages/jobs/types';

export function aJob(overrides: Partial<Job> = {}): Job {
  return {
    id: 7,
    name: 'settle-orders',
    description: 'nightly settlement',
    owner: 'olga',
    contact: null,
    labels: {},
    schedule: '0 0 1 * * ?',
    timeZone: 'Asia/Shanghai',
    target: {
      type: 'HTTP',
      method: 'POST',
      url: 'http://127.0.0.1:9000/settle',
      headers: { 'X-Env': 'prod' },
      body: '{"day":"${scheduledAt}"}',
      mode: 'SYNC',
      command: null,
      successCodes: [],
    },
    timeoutSeconds: 30,
    retry: { maxAttempts: 3, backoff: 'FIXED', backoffSeconds: 5, jitter: 0 },
    misfirePolicy: 'FIRE_NOW',
    overlapPolicy: 'SKIP',
    assignment: { strategy: 'WEIGHTED_ROUND_ROBIN', labels: { zone: 'a' } },
    enabled: true,
    alerts: {
      channelIds: [3],
      onFailure: true,
      onTimeout: false,
      failureRate: { threshold: 0.25, windowMinutes: 15, minRuns: 4 },
      onRecovery: true,
    },
    retention: { days: null, maxCount: null },
    dependsOn: [],
    version: 4,
    createdAt: '2026-11-01T08:00:00Z',
    updatedAt: '2026-11-20T08:00:00Z',
    createdBy: 'ada',
    agentId: 'agent-1',
    lastExecution: { id: 901, status: 'SUCCEEDED', scheduledAt: '2026-11-21T17:00:00Z', finishedAt: '2026-11-21T17:00:02Z' },
    nextFireAt: '2026-11-22T17:00:00Z',
    ...overrides,
  };
}

export function anExecution(overrides: Partial<Execution> = {}): Execution {
  return {
    id: 901,
    jobId: 7,
    jobName: 'settle-orders',
    agentId: 'agent-1',
    trigger: 'CRON',
    status: 'SUCCEEDED',
    scheduledAt: '2026-11-21T17:00:00Z',
    startedAt: '2026-11-21T17:00:00.100Z',
    finishedAt: '2026-11-21T17:00:02.100Z',
    attempt: 1,
    params: null,
    progress: null,
    output: 'settled 12 orders',
    error: null,
    ...overrides,
  };
}
