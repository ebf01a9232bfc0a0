// Actions on many jobs through the dashboard, against the real crony-web: tick jobs in
// the list, disable them after a confirmation naming how many and read the result per
// job, then delete them after the same confirmation.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, base, openBrowser, shownDialog, signIn } from './support.mjs';
import { tk, tr } from './i18n.mjs';

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
    await page.getByRole('combobox', { name: tr('label filter') }).fill(`${label},`);
    await listed;
    for (const name of names) await page.getByRole('link', { name, exact: true }).waitFor();
  }

  it('disables two ticked jobs after asking, and shows the result per job', async () => {
    await listTheLabel();
    await page.getByRole('checkbox', { name: tr('select {name}', { name: names[0] }) }).check();
    await page.getByRole('checkbox', { name: tr('select {name}', { name: names[1] }) }).check();
    const bar = page.getByRole('toolbar', { name: tr('actions on the selected jobs') });
    await bar.getByText(tr('{count} job selected | {count} jobs selected', { count: 2 })).waitFor();
    await bar.getByRole('button', { name: tr('Disable'), exact: true }).click();

    const confirm = await shownDialog(page, tr('Disable {p1}?', { p1: tk('jobs.countJobs', { count: 2 }) }));
    const acted = page.waitForResponse((r) => r.url().endsWith('/api/v1/jobs/actions'));
    await confirm.getByRole('button', { name: tr('Disable'), exact: true }).click();
    assert.equal((await acted).status(), 200);

    const results = await shownDialog(page, tr('{ok}: {done} done, {unchanged} unchanged, {failed} failed', { ok: tr('Disable'), done: 2, unchanged: 0, failed: 0 }));
    for (const name of names.slice(0, 2)) {
      await results.getByRole('row').filter({ hasText: name }).getByText(tr('DONE')).waitFor();
    }
    assert.equal((await api('GET', `/jobs/${ids[0]}`)).body.enabled, false);
    assert.equal((await api('GET', `/jobs/${ids[1]}`)).body.enabled, false);
    assert.equal((await api('GET', `/jobs/${ids[2]}`)).body.enabled, true, 'the unticked job is left alone');
    await results.getByRole('button', { name: tr('Close') }).last().click();
    await results.waitFor({ state: 'hidden' });
  });

  it('deletes the ticked jobs after a confirmation naming how many', async () => {
    await listTheLabel();
    for (const name of names) await page.getByRole('checkbox', { name: tr('select {name}', { name }) }).check();
    const bar = page.getByRole('toolbar', { name: tr('actions on the selected jobs') });
    await bar.getByText(tr('{count} job selected | {count} jobs selected', { count: 3 })).waitFor();
    await bar.getByRole('button', { name: tr('Delete'), exact: true }).click();

    const confirm = await shownDialog(page, tr('Delete {p1}?', { p1: tk('jobs.countJobs', { count: 3 }) }));
    await confirm.getByText(tr('Their schedules stop; past executions stay.')).waitFor();
    const acted = page.waitForResponse((r) => r.url().endsWith('/api/v1/jobs/actions'));
    await confirm.getByRole('button', { name: tr('Delete'), exact: true }).click();
    assert.equal((await acted).status(), 200);

    await shownDialog(page, tr('{ok}: {done} done, {unchanged} unchanged, {failed} failed', { ok: tr('Delete'), done: 3, unchanged: 0, failed: 0 }));
    for (const id of ids) assert.equal((await api('GET', `/jobs/${id}`)).status, 404);
  });
});
