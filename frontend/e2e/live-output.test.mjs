// A running shell job's page, against the real crony-web, agent and database: the lines
// the command prints show in the live output panel while it still runs (the agent writes
// them to the run's row once a second, crony-web streams them), then the run's final
// status, its whole output and the link to its trace.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tr } from './i18n.mjs';
import { api, eventually, navigate, openBrowser, signIn, SLOW } from './support.mjs';

describe('the live output of a running shell job', () => {
  const jobName = `e2e-live-output-${Date.now()}`;
  const dir = mkdtempSync(join(tmpdir(), 'crony-e2e-live-'));
  const script = join(dir, 'slow.sh');
  let browser;
  let page;
  let jobId;

  before(async () => {
    // a line a second for eight seconds
    writeFileSync(script, 'for i in 1 2 3 4 5 6 7 8; do echo line-$i; sleep 1; done\n');
    browser = await openBrowser();
    page = browser.page;
    await signIn(page);
  });

  after(async () => {
    if (jobId) await api('DELETE', `/jobs/${jobId}`);
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows the lines on the run page before the run ends, then its final status', async () => {
    const created = await api('POST', '/jobs', {
      name: jobName,
      schedule: '0 0 1 1 *',
      target: { type: 'SHELL', command: `sh ${script}` },
      timeoutSeconds: 60,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    jobId = created.body.id;
    await eventually('the job to be assigned', async () => (await api('GET', `/jobs/${jobId}`)).body.agentId);
    const run = await api('POST', `/jobs/${jobId}/run`, {});
    assert.equal(run.status, 202, JSON.stringify(run.body));
    const executionId = run.body.executionId;

    await navigate(page, `/executions/${executionId}`);
    const live = page.getByTestId('live-output-text');
    await live.getByText(/line-2/).waitFor({ timeout: SLOW });
    const shown = await live.textContent();
    assert.ok(!shown.includes('line-8'), `the whole output showed at once: ${shown}`);
    assert.equal((await api('GET', `/executions/${executionId}`)).body.status, 'RUNNING');

    // the end event: the panel goes and the page shows the finished run
    await page.getByTestId('live-output').waitFor({ state: 'detached', timeout: SLOW });
    await page.locator('[data-status="SUCCEEDED"]').first().waitFor();
    await page.getByText(/line-8/).first().waitFor();
    const finished = (await api('GET', `/executions/${executionId}`)).body;
    assert.ok(finished.output.includes('line-1\nline-2\n'));
    // its "Trace" row links the run's trace through the template test-e2e.sh gives crony-web
    assert.match(finished.traceId ?? '', /^[0-9a-f]{32}$/);
    const href = await page.getByRole('link', { name: tr('Open the trace') }).getAttribute('href');
    assert.equal(href, `http://127.0.0.1:16686/trace/${finished.traceId}`);
  });

  it('raised no page error', () => {
    assert.deepEqual(browser.errors, []);
  });
});
