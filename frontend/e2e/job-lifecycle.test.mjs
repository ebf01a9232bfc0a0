// One job's life through the dashboard, against the real crony-web, agent and target:
// a refused schedule shows the API's own message beside the field, the fixed job saves,
// runs now on the agent, its run shows SUCCEEDED on the job page, and it is disabled.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, base, eventually, openBrowser, shownDialog, signIn, SLOW, targetUrl } from './support.mjs';
import { tr, trRe } from './i18n.mjs';

describe('a job from the form to a successful run', () => {
  const jobName = `e2e-checkout-${Date.now()}`;
  let browser;
  let page;
  let jobId;
  let executionId;

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
    await signIn(page);
  });

  after(async () => {
    if (jobId) await api('DELETE', `/jobs/${jobId}`);
    await browser?.close();
  });

  it('shows the schedule error the API gives beside the schedule field', async () => {
    await page.goto(`${base}/jobs`);
    await page.getByRole('button', { name: tr('New job') }).click();
    await page.getByRole('textbox', { name: trRe('Name') }).fill(jobName);
    // a yearly schedule: the only run is the one the test starts
    await page.getByRole('textbox', { name: trRe('Schedule') }).fill('0 0 1 1 61');
    await page.getByRole('textbox', { name: trRe('URL') }).fill(`${targetUrl}/ok`);
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/jobs') && r.request().method() === 'POST');
    await page.getByRole('button', { name: tr('Save') }).click();
    const response = await refused;
    assert.equal(response.status(), 400);
    const problem = await response.json();
    const scheduleProblem = problem.errors.find((e) => e.field === 'schedule');
    assert.ok(scheduleProblem, `the API names the schedule field: ${JSON.stringify(problem)}`);

    const field = page.locator('.ant-form-item').filter({ has: page.getByRole('textbox', { name: trRe('Schedule') }) });
    await field.locator('.ant-form-item-explain-error').getByText(scheduleProblem.message, { exact: true }).waitFor();
    assert.equal((await api('GET', `/jobs?name=${jobName}`)).body.total, 0, 'nothing was saved');
  });

  it('saves the job once the schedule is fixed', async () => {
    await page.getByRole('textbox', { name: trRe('Schedule') }).fill('0 0 1 1 *');
    await page.getByTestId('next-fires').waitFor();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/jobs') && r.request().method() === 'POST');
    await page.getByRole('button', { name: tr('Save') }).click();
    const response = await saved;
    assert.equal(response.status(), 201);
    jobId = (await response.json()).id;
    await page.getByRole('link', { name: jobName }).click();
    await page.getByText(tr('Run history')).waitFor();
    await page.getByText('0 0 1 1 *', { exact: true }).waitFor();
  });

  it('runs the job now and shows the run SUCCEEDED on the job page', async () => {
    // the leader has to place the new job on the agent before it may run
    await eventually('the job to be assigned', async () => (await api('GET', `/jobs/${jobId}`)).body.agentId);
    await page.getByRole('button', { name: tr('Run now') }).click();
    const dialog = await shownDialog(page, tr('Run {name} now', { name: jobName }));
    const started = page.waitForResponse((r) => r.url().endsWith(`/api/v1/jobs/${jobId}/run`));
    await dialog.getByRole('button', { name: tr('Run'), exact: true, disabled: false }).click();
    const response = await started;
    assert.ok(response.ok(), `run now answered ${response.status()}`);
    executionId = (await response.json()).executionId;
    // the dialog closes and the new run's page shows, before anything else is clicked
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(tr('Execution #{id}', { id: executionId })).waitFor();

    await page.getByRole('link', { name: jobName }).click();
    await page.getByText(tr('Run history')).waitFor();
    // the run history refreshes itself while a run is active: no reload here
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `#${executionId}`, exact: true }) });
    await row.locator('[data-status="SUCCEEDED"]').waitFor({ timeout: SLOW });
    assert.equal((await api('GET', `/executions/${executionId}`)).body.status, 'SUCCEEDED');
  });

  it('disables the job from its page', async () => {
    const toggle = page.getByRole('switch');
    assert.equal(await toggle.getAttribute('aria-checked'), 'true');
    await toggle.click();
    await page.getByRole('switch', { checked: false }).waitFor();
    await eventually('the job to be disabled on the server', async () => (await api('GET', `/jobs/${jobId}`)).body.enabled === false);
  });

  it('raised no page error', () => {
    assert.deepEqual(browser.errors, []);
  });
});
