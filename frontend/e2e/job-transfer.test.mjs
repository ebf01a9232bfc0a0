// A job's copies and files through the dashboard, against the real crony-web: clone a job
// from its page (the copy opens disabled, its secret header kept), find jobs by label,
// and import an edited job file whose dry run shows the change before it is applied.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import { api, base, openBrowser, screenshotDir, shownDialog, signIn } from './support.mjs';
import { shot, tr } from './i18n.mjs';

describe('clone, filters and import with a dry run', () => {
  const suffix = Date.now();
  const source = `e2e-pay-${suffix}`;
  const copy = `${source}-eu`;
  let browser;
  let page;
  let sourceId;

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
    await signIn(page);
    const created = await api('POST', '/jobs', {
      name: source,
      schedule: '0 0 1 1 *',
      target: { type: 'HTTP', method: 'POST', url: 'http://127.0.0.1:9/settle', headers: { Authorization: 'Bearer s3cret' } },
      owner: 'e2e-team',
      contact: 'pay@example.com',
      labels: { team: `pay-${suffix}` },
      enabled: false,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    sourceId = created.body.id;
  });

  after(async () => {
    const jobs = await api('GET', `/jobs?label=team=pay-${suffix}&size=50`);
    for (const job of jobs.body?.items ?? []) await api('DELETE', `/jobs/${job.id}`);
    await browser?.close();
  });

  it('clones the job from its page and opens the disabled copy', async () => {
    await page.goto(`${base}/jobs/${sourceId}`);
    await page.getByText('pay@example.com').waitFor();
    await page.getByRole('button', { name: tr('Clone') }).click();
    const dialog = await shownDialog(page, tr('Clone {name}', { name: source }));
    await dialog.getByRole('textbox', { name: tr('Name of the copy') }).fill(copy);
    const cloned = page.waitForResponse((r) => r.url().endsWith(`/api/v1/jobs/${sourceId}/clone`));
    await dialog.getByRole('button', { name: tr('Clone'), exact: true }).click();
    const response = await cloned;
    assert.equal(response.status(), 201);
    const copyId = (await response.json()).id;

    await page.getByRole('heading', { name: copy }).waitFor();
    const stored = (await api('GET', `/jobs/${copyId}`)).body;
    assert.equal(stored.enabled, false);
    assert.equal(stored.owner, 'admin');
    assert.equal(stored.target.headers.Authorization, '******');
    assert.deepEqual(stored.labels, { team: `pay-${suffix}` });
  });

  it('lists the jobs of a label', async () => {
    await page.goto(`${base}/jobs`);
    const filter = page.getByRole('combobox', { name: tr('label filter') });
    const listed = page.waitForResponse((r) => r.url().includes(`label=team%3Dpay-${suffix}`));
    await filter.fill(`team=pay-${suffix},`);
    await listed;
    await page.getByRole('link', { name: copy, exact: true }).waitFor();
    await page.getByRole('link', { name: source, exact: true }).waitFor();
    assert.equal(await page.getByRole('row').count(), 3, 'a header row and the two jobs of the label');
  });

  it('imports an edited file: the dry run shows the change, apply writes it', async () => {
    const file = {
      jobs: [
        { name: source, schedule: '30 2 1 1 *', target: { type: 'HTTP', method: 'POST', url: 'http://127.0.0.1:9/settle', headers: { Authorization: '******' } }, owner: 'e2e-team', contact: 'pay@example.com', labels: { team: `pay-${suffix}` }, enabled: false },
        { name: `${source}-new`, schedule: '0 0 1 1 *', target: { type: 'HTTP', url: 'http://127.0.0.1:9/new' }, labels: { team: `pay-${suffix}` }, enabled: false },
      ],
    };
    const yaml = JSON.stringify(file); // JSON is YAML: the file is sent as application/yaml by its name
    const before = (await api('GET', `/jobs/${sourceId}`)).body.version;

    await page.goto(`${base}/jobs`);
    await page.getByRole('button', { name: tr('Import') }).click();
    const dialog = await shownDialog(page, tr('Import jobs'));
    const checked = page.waitForResponse((r) => r.url().includes('/api/v1/jobs/import?dryRun=true'));
    await dialog.locator('input[type=file]').setInputFiles({ name: 'jobs.yaml', mimeType: 'application/yaml', buffer: Buffer.from(yaml) });
    assert.equal((await checked).status(), 200);
    await dialog.getByText(tr('Dry run: {created} to create, {updated} to update, {unchanged} unchanged.', { created: 1, updated: 1, unchanged: 0 })).waitFor();
    const row = dialog.getByRole('row').filter({ hasText: tr('UPDATE') });
    await row.getByText('0 0 1 1 * → 30 2 1 1 *').waitFor();
    assert.equal((await api('GET', `/jobs/${sourceId}`)).body.version, before, 'the dry run wrote nothing');
    if (screenshotDir) await page.screenshot({ path: join(screenshotDir, shot('job-import.png')) });

    const applied = page.waitForResponse((r) => r.url().includes('/api/v1/jobs/import?dryRun=false'));
    await dialog.getByRole('button', { name: tr('Apply import'), exact: true }).click();
    assert.equal((await applied).status(), 200);
    await dialog.waitFor({ state: 'hidden' });
    const job = (await api('GET', `/jobs/${sourceId}`)).body;
    assert.equal(job.schedule, '30 2 1 1 *');
    assert.equal(job.target.headers.Authorization, '******', 'the masked secret kept the stored one');
    assert.equal((await api('GET', `/jobs?name=${source}-new`)).body.total, 1);
  });
});
