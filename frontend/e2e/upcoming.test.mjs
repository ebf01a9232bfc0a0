// The Upcoming page against the real crony-web, in a department of its own so nothing else
// counts: three jobs at 00:00 UTC and one every 15 minutes make midnight the peak; clicking
// it lists the jobs behind it, which link to their pages. The disabled job never shows.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import { api, base, openBrowser, screenshotDir, settled, signIn, targetUrl } from './support.mjs';
import { shot, tr } from './i18n.mjs';

describe('upcoming fires', () => {
  const department = `e2e-up-${Date.now()}`;
  const jobs = [
    ['nightly-settle', '0 0 * * *', 'UTC', true],
    ['nightly-report', '0 0 * * *', 'UTC', true],
    ['nightly-archive', '@daily', 'UTC', true],
    ['sync-quarter', '*/15 * * * *', 'UTC', true],
    ['refresh-rates', '0 */2 * * *', 'UTC', true],
    ['berlin-close', '0 0 * * *', 'Europe/Berlin', true],
    ['paused-export', '0 0 * * *', 'UTC', false],
  ];
  const ids = [];
  let departmentId;
  let browser;
  let page;

  before(async () => {
    const created = await api('POST', '/departments', { name: department });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    departmentId = created.body.id;
    for (const [name, schedule, timeZone, enabled] of jobs) {
      const job = await api('POST', '/jobs', { name, schedule, timeZone, enabled, target: { type: 'HTTP', url: `${targetUrl}/ok` } }, { department });
      assert.equal(job.status, 201, JSON.stringify(job.body));
      ids.push(job.body.id);
    }
    browser = await openBrowser({ width: 1366, height: 900 });
    page = browser.page;
    await signIn(page);
    // work in the new department, as its choice in the header's switcher would
    await page.evaluate((name) => localStorage.setItem('crony.department', name), department);
  });

  after(async () => {
    for (const id of ids) await api('DELETE', `/jobs/${id}`, undefined, { department });
    if (departmentId) await api('DELETE', `/departments/${departmentId}`);
    await browser?.close();
  });

  it('shows midnight as the peak and lists the jobs behind it', async () => {
    const counted = page.waitForResponse((r) => r.url().includes('/api/v1/jobs/upcoming?'));
    await page.goto(`${base}/upcoming`);
    const response = await counted;
    assert.equal(response.status(), 200);
    assert.equal(response.request().headers()['x-crony-department'], department);
    const body = await response.json();
    assert.equal(body.jobs, 6, 'the enabled jobs of this department only');
    assert.equal(body.peaks[0].fires, 5, 'three daily jobs, the quarter-hourly and the two-hourly at 00:00 UTC');
    await page.locator('.echarts-for-react canvas').first().waitFor();
    await settled(page);

    const listed = page.waitForResponse((r) => r.url().includes('/api/v1/jobs/upcoming/jobs?'));
    await page.getByRole('button', { name: new RegExp(`: ${tr('{count} fire | {count} fires', { count: 5 })}$`) }).first().click();
    assert.equal((await listed).status(), 200);
    for (const name of ['nightly-settle', 'nightly-report', 'nightly-archive', 'sync-quarter', 'refresh-rates']) {
      await page.getByRole('link', { name, exact: true }).waitFor();
    }
    assert.equal(await page.getByRole('link', { name: 'paused-export' }).count(), 0);
    assert.equal(await page.getByRole('link', { name: 'berlin-close' }).count(), 0);
    if (screenshotDir) await page.screenshot({ path: join(screenshotDir, shot('upcoming.png')), fullPage: true });

    await page.getByRole('link', { name: 'nightly-settle', exact: true }).click();
    await page.getByRole('heading', { name: 'nightly-settle' }).waitFor();
    assert.deepEqual(browser.errors, []);
  });
});
