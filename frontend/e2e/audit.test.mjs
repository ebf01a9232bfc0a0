// The audit log through the dashboard, against the real crony-web: a job disabled on its
// page shows up on the Audit log page (who, from where, the field before and after) and in
// the job's own History tab.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, navigate, openBrowser, settled, signIn, targetUrl } from './support.mjs';
import { tr } from './i18n.mjs';

describe('a change found in the audit log and in the job history', () => {
  const jobName = `e2e-audited-${Date.now()}`;
  let browser;
  let page;
  let jobId;

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
    await signIn(page);
    const created = await api('POST', '/jobs', {
      name: jobName,
      schedule: '0 0 1 1 *',
      target: { type: 'HTTP', method: 'GET', url: `${targetUrl}/ok` },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    jobId = created.body.id;
  });

  after(async () => {
    if (jobId) await api('DELETE', `/jobs/${jobId}`);
    await browser?.close();
  });

  it('disables the job on its page', async () => {
    await navigate(page, `/jobs/${jobId}`);
    await page.getByRole('heading', { name: jobName }).waitFor();
    const toggle = page.getByRole('switch');
    assert.equal(await toggle.getAttribute('aria-checked'), 'true', 'the job opens enabled');
    const disabled = page.waitForResponse((r) => r.url().endsWith(`/api/v1/jobs/${jobId}/disable`));
    await toggle.click();
    const answer = await disabled;
    assert.equal(answer.status(), 200, `the disable answered ${answer.status()}: ${await answer.text()}`);
  });

  it('shows the change on the audit log page with who, where and the field before and after', async () => {
    await navigate(page, '/audit');
    await page.getByRole('heading', { name: tr('Audit log') }).waitFor();
    await settled(page);
    await page.getByPlaceholder(tr('Object id')).fill(String(jobId));
    await page.getByPlaceholder(tr('Object id')).press('Enter');
    const row = page.locator('tr.ant-table-row').filter({ hasText: tr('JOB_DISABLE') });
    await row.getByRole('link', { name: jobName }).waitFor();
    await row.getByText('admin', { exact: true }).waitFor();
    await row.getByText('127.0.0.1').waitFor();
    const change = row.locator('tr').filter({ hasText: 'enabled' });
    await change.getByText('true', { exact: true }).waitFor();
    await change.getByText('false', { exact: true }).waitFor();
    await page.locator('tr.ant-table-row').filter({ hasText: tr('JOB_CREATE') }).first().waitFor();
  });

  it("shows the change in the job's History tab", async () => {
    await navigate(page, `/jobs/${jobId}`);
    await page.getByRole('heading', { name: jobName }).waitFor();
    await page.getByRole('tab', { name: tr('History'), exact: true }).click();
    const row = page.locator('tr.ant-table-row').filter({ hasText: tr('JOB_DISABLE') });
    await row.getByText('admin', { exact: true }).waitFor();
    await row.locator('tr').filter({ hasText: 'enabled' }).getByText('false', { exact: true }).waitFor();
    const history = (await api('GET', `/jobs/${jobId}/history`)).body.items.map((e) => e.action);
    assert.deepEqual(history, ['JOB_DISABLE', 'JOB_CREATE']);
  });

  it('raised no page error', () => {
    assert.deepEqual(browser.errors, []);
  });
});
