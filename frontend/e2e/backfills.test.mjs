// A backfill against the real crony-web: a job with a daily schedule (its target the sample
// target), backfilled over the last 3 days from its page's "Backfill" dialog, runs its 3
// past instants, one after another, until the page's Backfills card (it refreshes itself)
// shows it SUCCEEDED, 3 of 3.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import { api, base, eventually, openBrowser, screenshotDir, settled, settledPopup, shownDialog, signIn, SLOW, targetUrl } from './support.mjs';
import { shot, tk, tr } from './i18n.mjs';

describe('backfills', () => {
  const name = `e2e-backfill-${Date.now()}`;
  let jobId;
  let browser;
  let page;

  before(async () => {
    const job = await api('POST', '/jobs', {
      name,
      schedule: '0 0 1 * * ?',
      timeZone: 'UTC',
      target: { type: 'HTTP', method: 'POST', url: `${targetUrl}/ok`, body: '{"scheduledAt":"${scheduledAt}"}' },
    });
    assert.equal(job.status, 201, JSON.stringify(job.body));
    jobId = job.body.id;
    await eventually('the job to be assigned', async () => (await api('GET', `/jobs/${jobId}`)).body.agentId);
    browser = await openBrowser({ width: 1366, height: 900 });
    page = browser.page;
    await signIn(page);
  });

  after(async () => {
    if (jobId) await api('DELETE', `/jobs/${jobId}`);
    await browser?.close();
  });

  it('backfills the last 3 days of a daily job from its page until the card shows 3 of 3 succeeded', async () => {
    await page.goto(`${base}/jobs/${jobId}`);
    await page.getByRole('heading', { name, exact: true }).waitFor();
    await settled(page);
    const card = page.getByTestId('job-backfills');
    await card.getByText(tr('No backfills yet')).waitFor();

    await page.getByRole('button', { name: tr('Backfill') }).click();
    const dialog = await shownDialog(page, tr('Backfill {name}', { name }));
    const from = dialog.getByPlaceholder(tk('backfills.from'));
    const to = dialog.getByPlaceholder(tk('backfills.to'));
    const preset = page.getByText(tr('Last {count} days', { count: 3 }), { exact: true });
    // The picker slides open, and fills its inputs a moment after the click returns. A
    // click that still met the sliding dropdown was seen to land beside the preset (a day
    // cell took it), so the dropdown is let settle first, and the preset picked again if
    // the range is not filled.
    for (let tries = 1; ; tries++) {
      if (!(await preset.isVisible())) await from.click();
      await settledPopup(page, page.locator('.ant-picker-dropdown', { has: preset }));
      await preset.click();
      const filled = await eventually('the preset to fill the range', async () => (await to.inputValue()) !== '', 5_000).catch(() => false);
      if (filled) break;
      assert.ok(tries < 3, 'the "Last 3 days" preset never filled the range');
    }
    assert.notEqual(await from.inputValue(), '');

    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/v1/jobs/${jobId}/backfills` && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: tr('Start backfill') }).click();
    const response = await sent;
    assert.equal(response.status(), 201);
    const request = response.request().postDataJSON();
    assert.equal(Date.parse(request.to) - Date.parse(request.from), 3 * 24 * 3600 * 1000);
    assert.equal(request.parallelism, 1);
    const backfill = await response.json();
    assert.equal(backfill.total, 3, 'a daily schedule has 3 instants in 3 days');
    await page.getByText(tr('Backfill started: {count} instant | Backfill started: {count} instants', { count: 3 })).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // the card follows it by itself until all three instants have succeeded
    const row = card.locator('tr.ant-table-row', { has: page.getByText(`#${backfill.id}`, { exact: true }) });
    await row.locator('[data-status="SUCCEEDED"]').waitFor({ timeout: 2 * SLOW });
    await row.getByText(tr('{done} of {total}', { done: 3, total: 3 }), { exact: true }).waitFor();
    await row.getByText(tr('{started} started, {succeeded} succeeded, {failed} failed', { started: 3, succeeded: 3, failed: 0 })).waitFor();
    // a finished backfill has nothing left to pause or cancel
    assert.equal(await row.getByRole('button').count(), 0);

    const done = await api('GET', `/backfills/${backfill.id}`);
    assert.equal(done.body.status, 'SUCCEEDED');
    assert.equal(done.body.succeeded, 3);
    // its runs are the job's, triggered BACKFILL, one per instant
    const runs = await api('GET', `/executions?jobId=${jobId}&size=20`);
    assert.equal(runs.body.items.filter((e) => e.trigger === 'BACKFILL' && e.status === 'SUCCEEDED').length, 3);

    await page.mouse.move(0, 0); // no tooltip left open by the pointer
    if (screenshotDir) await card.screenshot({ path: join(screenshotDir, shot('backfill.png')) });
    assert.deepEqual(browser.errors, []);
  });
});
