// Sample jobs against the sample target, so the pages (and their screenshots) show real
// runs of every kind: quick successes, failures, a flaky job that succeeds on retry, a
// slow one that is often running and a job that waits for another (a workflow). scripts/test-e2e.sh runs this before the tests, so the
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
  job('nightly-report', '0 0 1 * * ?', '/ok', { timeZone: 'Asia/Shanghai', calendar: { name: 'cn-workdays', rule: 'WORKING_DAYS_ONLY' } }),
  // a workflow for the workflow pages: it runs after each run of refresh-rates that succeeded
  job('publish-rates', '', '/ok', { dependsOn: ['refresh-rates'] }),
];

// A business calendar (mainland China, 2026) for the Calendars page; the nightly report follows it.
const calendar = {
  name: 'cn-workdays',
  description: 'sample calendar of the browser tests: mainland China, 2026',
  workingDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
  timeZone: 'Asia/Shanghai',
  holidays: [
    { from: '2026-01-01', to: '2026-01-03', name: "New Year's Day" },
    { from: '2026-02-15', to: '2026-02-23', name: 'Spring Festival' },
    { from: '2026-04-04', to: '2026-04-06', name: 'Qingming Festival' },
    { from: '2026-05-01', to: '2026-05-05', name: 'Labour Day' },
    { from: '2026-06-19', to: '2026-06-21', name: 'Dragon Boat Festival' },
    { from: '2026-09-25', to: '2026-09-27', name: 'Mid-Autumn Festival' },
    { from: '2026-10-01', to: '2026-10-07', name: 'National Day' },
  ],
  workdays: [
    { from: '2026-01-04', name: "make-up for New Year's Day" },
    { from: '2026-02-14', name: 'make-up for Spring Festival' },
    { from: '2026-02-28', name: 'make-up for Spring Festival' },
    { from: '2026-05-09', name: 'make-up for Labour Day' },
    { from: '2026-09-20', name: 'make-up for National Day' },
    { from: '2026-10-10', name: 'make-up for National Day' },
  ],
};
const seeded = await api('POST', '/calendars', calendar);
if (seeded.status !== 201) throw new Error(`seeding ${calendar.name}: HTTP ${seeded.status} ${JSON.stringify(seeded.body)}`);

for (const body of jobs) {
  const res = await api('POST', '/jobs', body);
  if (res.status !== 201) throw new Error(`seeding ${body.name}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
}
console.log(`[e2e] seeded ${jobs.length} sample jobs and the calendar ${calendar.name}`);
