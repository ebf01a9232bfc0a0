// Actions on many jobs through the dashboard, against the real crony-web: tick jobs in
// the list, disable them after a confirmation naming how many and read the result per
// job, then delete them after the same confirmation.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, base, openBrowser, shownDialog, signIn } from './support.mjs';

describe('actions on the ticked jobs', () => {
  const suffix = Date.now();
  const label = `team=bulk-${suffix}`;
  const names = ['a', 'b', 'c'].map((n) => `e2e-bulk-${suffix}-${n}`);
  let browser;
  let page;
  const ids = [];

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
    await signIn(page);
    for (const name of names) {
      const created = await api('POST', '/jobs', {
        name,
        schedule: '0 0 1 1 *',
        target: { type: 'HTTP', method: 'POST', url: 'http://127.0.0.1:9/bulk' },
        labels: { team: `bulk-${suffix}` },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      ids.push(created.body.id);
    }
  });

  after(async () => {
    for (const id of ids) await api('DELETE', `/jobs/${id}`);
    await browser?.close();
  });

  async function listTheLabel() {
    await page.goto(`${base}/jobs`);
    const listed = page.waitForResponse((r) => r.url().includes(`label=team%3Dbulk-${suffix}`));
    await page.getByRole('combobox', { name: 'label filter' }).fill(`${label},`);
    await listed;
    for (const name of names) await page.getByRole('link', { name, exact: true }).waitFor();
  }

  it('disables two ticked jobs after asking, and shows the result per job', async () => {
    await listTheLabel();
    await page.getByRole('checkbox', { name: `select ${names[0]}` }).check();
    await page.getByRole('checkbox', { name: `select ${names[1]}` }).check();
    const bar = page.getByRole('toolbar', { name: 'actions on the selected jobs' });
    await bar.getByText('2 jobs selected').waitFor();
    await bar.getByRole('button', { name: 'Disable', exact: true }).click();

    const confirm = await shownDialog(page, 'Disable 2 jobs?');
    const acted = page.waitForResponse((r) => r.url().endsWith('/api/v1/jobs/actions'));
    await confirm.getByRole('button', { name: 'Disable', exact: true }).click();
    assert.equal((await acted).status(), 200);

    const results = await shownDialog(page, 'Disable: 2 done, 0 unchanged, 0 failed');
    for (const name of names.slice(0, 2)) {
      await results.getByRole('row').filter({ hasText: name }).getByText('DONE').waitFor();
    }
    assert.equal((await api('GET', `/jobs/${ids[0]}`)).body.enabled, false);
    assert.equal((await api('GET', `/jobs/${ids[1]}`)).body.enabled, false);
    assert.equal((await api('GET', `/jobs/${ids[2]}`)).body.enabled, true, 'the unticked job is left alone');
    await results.getByRole('button', { name: 'Close' }).last().click();
    await results.waitFor({ state: 'hidden' });
  });

  it('deletes the ticked jobs after a confirmation naming how many', async () => {
    await listTheLabel();
    for (const name of names) await page.getByRole('checkbox', { name: `select ${name}` }).check();
    const bar = page.getByRole('toolbar', { name: 'actions on the selected jobs' });
    await bar.getByText('3 jobs selected').waitFor();
    await bar.getByRole('button', { name: 'Delete', exact: true }).click();

    const confirm = await shownDialog(page, 'Delete 3 jobs?');
    await confirm.getByText('Their schedules stop; past executions stay.').waitFor();
    const acted = page.waitForResponse((r) => r.url().endsWith('/api/v1/jobs/actions'));
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    assert.equal((await acted).status(), 200);

    await shownDialog(page, 'Delete: 3 done, 0 unchanged, 0 failed');
    for (const id of ids) assert.equal((await api('GET', `/jobs/${id}`)).status, 404);
  });
});
