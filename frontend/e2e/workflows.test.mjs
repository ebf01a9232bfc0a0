// Workflows against the real crony-web, in a department of its own so the graph holds only
// this flow: load → reconcile → report, the two downstream jobs without a schedule of their
// own. The Workflows page draws the three jobs and both edges; "Run with dependents" on load
// starts a workflow run that the history shows with all three runs succeeded, and its tree
// holds the three runs. A click on a job opens its runs. A workflow of 50 jobs opens on the
// graph page, laid out by dagre, zoomed and fitted, and is saved as docs' screenshots in both
// languages from the same browser.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import { api, base, openBrowser, screenshotDir, settled, signIn, SLOW, targetUrl } from './support.mjs';
import { lang, shot, tr } from './i18n.mjs';

describe('workflows', () => {
  const department = `e2e-wf-${Date.now()}`;
  // upstreams first: each job names the one before it
  const jobs = [
    ['load', '0 0 1 * * ?', []],
    ['reconcile', '', ['load']],
    ['report', '', ['reconcile']],
  ];
  const ids = {};
  // the 50-job workflow, upstreams first
  const big = [];
  let departmentId;
  let browser;
  let page;

  before(async () => {
    const created = await api('POST', '/departments', { name: department });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    departmentId = created.body.id;
    for (const [name, schedule, dependsOn] of jobs) {
      const job = await api(
        'POST',
        '/jobs',
        { name, schedule, dependsOn, timeZone: 'UTC', target: { type: 'HTTP', method: 'POST', url: `${targetUrl}/ok` } },
        { department },
      );
      assert.equal(job.status, 201, JSON.stringify(job.body));
      ids[name] = job.body.id;
    }
    browser = await openBrowser({ width: 1366, height: 900 });
    page = browser.page;
    await signIn(page);
    // work in the new department, as its choice in the header's switcher would
    await page.evaluate((name) => localStorage.setItem('crony.department', name), department);
  });

  after(async () => {
    for (const id of [...big].reverse()) await api('DELETE', `/jobs/${id}?cutEdges=true`, undefined, { department });
    // the jobs others depend on go with their edges cut
    for (const name of ['report', 'reconcile', 'load']) {
      if (ids[name]) await api('DELETE', `/jobs/${ids[name]}?cutEdges=true`, undefined, { department });
    }
    if (departmentId) await api('DELETE', `/departments/${departmentId}`);
    await browser?.close();
  });

  it('draws the three jobs and their edges, and runs load with its dependents until all three have succeeded', async () => {
    const drawn = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/workflows');
    await page.goto(`${base}/workflows`);
    const response = await drawn;
    assert.equal(response.status(), 200);
    assert.equal(response.request().headers()['x-crony-department'], department);
    await page.getByRole('heading', { name: tr('Workflows') }).waitFor();
    await settled(page);

    const node = (name) => page.locator(`[data-testid="workflow-node"][data-name="${name}"]`);
    for (const [name] of jobs) await node(name).waitFor();
    assert.equal(await page.getByTestId('workflow-node').count(), 3);
    const edge = (from, to) => page.locator(`[data-testid="workflow-edge"][data-from="${from}"][data-to="${to}"]`);
    assert.equal(await edge('load', 'reconcile').count(), 1);
    assert.equal(await edge('reconcile', 'report').count(), 1);
    assert.equal(await page.getByTestId('workflow-edge').count(), 2);
    // left to right: each job right of its upstream
    const x = async (name) => (await node(name).boundingBox()).x;
    assert.ok((await x('load')) < (await x('reconcile')) && (await x('reconcile')) < (await x('report')), 'layered left to right');

    const started = page.waitForResponse((r) => r.url().endsWith(`/api/v1/jobs/${ids.load}/run`) && r.request().method() === 'POST');
    await page.getByRole('button', { name: tr('Run {name} with dependents', { name: 'load' }) }).click();
    const run = await started;
    assert.equal(run.status(), 202);
    assert.deepEqual(run.request().postDataJSON(), { withDependents: true });
    const { executionId } = await run.json();

    // the history shows the workflow run, all three runs succeeded
    const row = page.locator('tr.ant-table-row', { has: page.getByRole('link', { name: `#${executionId}`, exact: true }) });
    await row.getByText(tr('{count} succeeded', { count: 3 }), { exact: true }).waitFor({ timeout: SLOW });
    await row.locator('[data-status="SUCCEEDED"]').first().waitFor({ timeout: SLOW });
    await row.locator('.ant-table-row-expand-icon').click();
    const tree = page.getByRole('tree');
    await tree.locator('[data-testid="run-tree-node"][data-status="SUCCEEDED"]').nth(2).waitFor({ timeout: SLOW });
    assert.equal(await tree.getByTestId('run-tree-node').count(), 3);
    for (const [name] of jobs) await tree.getByRole('link', { name, exact: true }).waitFor();

    // the graph colours each job by its latest run
    for (const [name] of jobs) await page.locator(`[data-testid="workflow-node"][data-name="${name}"][data-status="SUCCEEDED"]`).waitFor({ timeout: SLOW });
    await page.mouse.move(0, 0); // no tooltip left open by the pointer
    if (screenshotDir) await page.screenshot({ path: join(screenshotDir, shot('workflows.png')), fullPage: true });

    // a click on a job opens its runs
    await node('report').getByRole('link', { name: 'report', exact: true }).click();
    await page.getByRole('heading', { name: tr('Executions') }).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('jobId'), String(ids.report));
    await page.locator('tr.ant-table-row').first().waitFor();
    assert.deepEqual(browser.errors, []);
  });

  it('opens a workflow of 50 jobs on its graph page, zooms and fits it', async () => {
    // a root, six branches of eight jobs, and one job that waits for all six: 50 jobs, 54 edges
    const specs = [['big-root', '0 0 2 * * ?', []]];
    for (let b = 1; b <= 6; b++) {
      for (let i = 1; i <= 8; i++) {
        const name = `big-${b}-${i}`;
        specs.push([name, '', [i === 1 ? 'big-root' : `big-${b}-${i - 1}`]]);
      }
    }
    specs.push(['big-end', '', [1, 2, 3, 4, 5, 6].map((b) => `big-${b}-8`)]);
    for (const [name, schedule, dependsOn] of specs) {
      const job = await api(
        'POST',
        '/jobs',
        { name, schedule, dependsOn, timeZone: 'UTC', target: { type: 'HTTP', method: 'POST', url: `${targetUrl}/ok` } },
        { department },
      );
      assert.equal(job.status, 201, JSON.stringify(job.body));
      big.push(job.body.id);
    }

    await page.goto(`${base}/workflows/graph?job=${big[0]}`);
    await page.getByRole('heading', { name: tr('Workflow graph') }).waitFor();
    await page.getByText(tr('Dependency graph: {jobs} jobs, {edges} dependencies', { jobs: 50, edges: 54 })).waitFor();
    await page.locator('[data-testid="workflow-graph-chart"] canvas').first().waitFor();
    await settled(page);
    await page.getByRole('button', { name: tr('Zoom in') }).click();
    await page.getByRole('button', { name: tr('Fit') }).click();
    await page.mouse.move(0, 0); // no tooltip left open by the pointer
    assert.deepEqual(browser.errors, []);
    if (!screenshotDir) return;
    // both languages from this browser: the dashboard keeps its language in localStorage
    const here = lang === 'zh-CN' ? 'zh-CN' : 'en';
    for (const shown of [here, here === 'en' ? 'zh-CN' : 'en']) {
      await page.evaluate((l) => localStorage.setItem('crony.lang', l), shown);
      await page.reload();
      await page.getByRole('heading', { name: shown === 'en' ? 'Workflow graph' : '工作流图' }).waitFor();
      await page.locator('[data-testid="workflow-graph-chart"] canvas').first().waitFor();
      await settled(page);
      await page.mouse.move(0, 0);
      await page.screenshot({ path: join(screenshotDir, shown === 'en' ? 'workflow-graph.png' : 'workflow-graph-zh.png') });
    }
    await page.evaluate((l) => localStorage.setItem('crony.lang', l), here);
  });
});
