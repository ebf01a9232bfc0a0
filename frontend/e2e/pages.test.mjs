// Every page of the dashboard opens without a page error at 1366 px and on a phone, with
// the sample jobs (seed.mjs) running. With E2E_SCREENSHOTS set, the overview, jobs and job
// detail pages are also saved there as PNGs (docs/screenshots in the README).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { api, DESKTOP, eventually, navigate, openBrowser, PHONE, screenshotDir, settled, signIn } from './support.mjs';

const idOf = async (name) => (await api('GET', `/jobs?name=${name}`)).body.items.find((j) => j.name === name).id;
const firstExecution = async () => (await api('GET', '/executions?size=1')).body.items[0]?.id;

/** Each page: where it is, and what shows only there once it has drawn its data. */
const pages = [
  { name: 'overview', path: async () => '/', ready: (page) => page.getByText('Recent failures') },
  { name: 'jobs', path: async () => '/jobs', ready: (page) => page.getByRole('link', { name: 'settle-orders' }) },
  {
    name: 'job detail',
    path: async () => `/jobs/${await idOf('refresh-rates')}`,
    ready: (page) => page.getByRole('heading', { name: 'refresh-rates' }),
  },
  { name: 'executions', path: async () => '/executions', ready: (page) => page.getByRole('heading', { name: 'Executions' }) },
  {
    name: 'execution detail',
    path: async () => `/executions/${await firstExecution()}`,
    ready: (page) => page.getByText(/^Execution #\d+$/),
  },
  { name: 'agents', path: async () => '/agents', ready: (page) => page.locator('.ant-table').getByText('e2e-agent') },
  { name: 'users', path: async () => '/users', ready: (page) => page.getByRole('heading', { name: 'Users' }) },
  { name: 'alerts', path: async () => '/alerts', ready: (page) => page.getByRole('heading', { name: 'Alerts' }) },
  {
    name: 'alert channels',
    path: async () => '/alert-channels',
    ready: (page) => page.getByRole('heading', { name: 'Alert channels' }),
  },
];

for (const [label, viewport] of [
  ['1366 px', DESKTOP],
  ['a phone', PHONE],
]) {
  describe(`every page at ${label}`, () => {
    let browser;

    before(async () => {
      // the pages are worth looking at once the sample jobs have both succeeded and failed
      await eventually('sample runs', async () => {
        const [ok, failed] = await Promise.all([
          api('GET', '/executions?status=SUCCEEDED&size=1'),
          api('GET', '/executions?status=FAILED&size=1'),
        ]);
        return ok.body.total > 0 && failed.body.total > 0;
      });
      browser = await openBrowser(viewport);
      await signIn(browser.page);
    });

    after(async () => browser?.close());

    for (const p of pages) {
      it(`opens ${p.name} without a page error`, async () => {
        const { page, errors } = browser;
        await navigate(page, await p.path());
        await p.ready(page).first().waitFor();
        await settled(page);
        assert.equal(await page.getByText('This page failed').count(), 0);
        assert.deepEqual(errors, []);
        // a phone may scroll down, never sideways out of the layout
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 1, `the page is ${overflow} px wider than the screen`);
      });
    }
  });
}

describe('screenshots', { skip: !screenshotDir && 'E2E_SCREENSHOTS not set' }, () => {
  let browser;
  before(async () => {
    // a few failures and enough runs to draw the charts
    await eventually(
      'enough sample runs',
      async () => (await api('GET', '/executions?status=FAILED&size=1')).body.total >= 6,
      90_000,
    );
    browser = await openBrowser({ width: 1366, height: 900 });
    await signIn(browser.page);
  });
  after(async () => browser?.close());

  for (const [file, p] of [
    ['overview.png', pages[0]],
    ['jobs.png', pages[1]],
    ['job-detail.png', pages[2]],
  ]) {
    it(`saves ${file}`, async () => {
      const { page } = browser;
      await navigate(page, await p.path());
      await p.ready(page).first().waitFor();
      await settled(page);
      if (file === 'overview.png') await page.locator('.echarts-for-react canvas').first().waitFor();
      await page.mouse.move(0, 0); // no tooltip left open by the pointer
      await page.screenshot({ path: join(screenshotDir, file), fullPage: true });
    });
  }
});
