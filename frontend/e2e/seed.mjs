// Sample jobs against the sample target, so the pages (and their screenshots) show real
// runs of every kind: quick successes, failures, a flaky job that succeeds on retry and a
// slow one that is often running. scripts/test-e2e.sh runs this before the tests, so the
// jobs have been firing for the whole run by the time the screenshots are taken.
import { api, targetUrl } from './support.mjs';

const job = (name, schedule, path, extra = {}) => ({
  name,
  description: 'sample job of the browser tests',
  schedule,
  timeZone: 'UTC',
  target: { type: 'HTTP', method: 'POST', url: `${targetUrl}${path}`, body: '{"scheduledAt":"${scheduledAt}"}' },
  timeoutSeconds: 10,
  ...extra,
});

const jobs = [
  job('settle-orders', '*/2 * * * * ?', '/ok'),
  job('sync-inventory', '*/3 * * * * ?', '/sleep?ms=200'),
  job('export-ledger', '*/5 * * * * ?', '/fail', { description: 'fails on purpose: the target answers 500' }),
  job('refresh-rates', '*/4 * * * * ?', '/flaky?failures=1', { retry: { maxAttempts: 2, backoffSeconds: 1 } }),
  job('rebuild-search-index', '*/6 * * * * ?', '/sleep?ms=4000', { overlapPolicy: 'SKIP' }),
  job('nightly-report', '0 0 1 * * ?', '/ok', { timeZone: 'Asia/Shanghai' }),
];

for (const body of jobs) {
  const res = await api('POST', '/jobs', body);
  if (res.status !== 201) throw new Error(`seeding ${body.name}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
}
console.log(`[e2e] seeded ${jobs.length} sample jobs`);
