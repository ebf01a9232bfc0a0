// Saves the docs' screenshots as PNGs in E2E_SCREENSHOTS, once the sample jobs (seed.mjs) have failed a
// few times and run enough to draw the charts. In English (E2E_LANG=en): the sign-in with the OpenID
// Connect button, overview, jobs, job detail, service tokens, audit log, departments, members, calendars,
// group mappings. In Chinese (E2E_LANG=zh-CN): every page and the sign-in, as <name>-zh.png, and the
// sign-in at 1366×768 as login-zh-1366.png. In both: a run's page with its trace link
// (execution-trace.png). Not a test: scripts/test-e2e.sh runs it after the tests when E2E_SCREENSHOTS is set (upcoming.png and
// job-import.png come from their tests).
import { join } from 'node:path';
import { pages } from './dashboard-pages.mjs';
import { lang, shot, tr, trRe } from './i18n.mjs';
import { DESKTOP, api, base, eventually, navigate, openBrowser, screenshotDir, settled, signIn } from './support.mjs';

if (!screenshotDir) throw new Error('set E2E_SCREENSHOTS to the directory to write to');

const english = [
  ['overview.png', 'overview'],
  ['jobs.png', 'jobs'],
  ['job-detail.png', 'job detail'],
  ['service-tokens.png', 'service tokens'],
  ['audit.png', 'audit'],
  ['departments.png', 'departments'],
  ['members.png', 'members'],
  ['calendars.png', 'calendars'],
  ['group-mappings.png', 'group mappings'],
];
const chinese = [
  ...english,
  ['executions.png', 'executions'],
  ['execution-detail.png', 'execution detail'],
  ['agents.png', 'agents'],
  ['alerts.png', 'alerts'],
  ['alert-channels.png', 'alert channels'],
  ['users.png', 'users'],
];

await eventually('enough sample runs', async () => (await api('GET', '/executions?status=FAILED&size=1')).body.total >= 6, 90_000);
const browser = await openBrowser({ width: 1366, height: 900 });
try {
  const { page } = browser;
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: tr('Sign in') }).waitFor();
  // the OpenID Connect provider's button (test-e2e.sh turns it on) comes with sign-in-options
  await page.getByRole('link', { name: trRe('Sign in with {name}') }).waitFor();
  await page.screenshot({ path: join(screenshotDir, shot('login.png')) });
  console.log(`[e2e] saved ${join(screenshotDir, shot('login.png'))}`);
  if (lang === 'zh-CN') {
    // the sign-in at the laptop size too, like every other page's -zh-1366.png (pages.test.mjs signs in first)
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: join(screenshotDir, 'login-zh-1366.png') });
    console.log(`[e2e] saved ${join(screenshotDir, 'login-zh-1366.png')}`);
    await page.setViewportSize({ width: 1366, height: 900 });
  }
  await signIn(page);
  for (const [file, name] of lang === 'en' ? english : chinese) {
    const p = pages.find((candidate) => candidate.name === name);
    // the audit log's job changes, a page's worth: the sign-ins of the tests would fill it
    await navigate(page, file === 'audit.png' ? '/audit?objectType=JOB&size=10' : await p.path());
    await p.ready(page).first().waitFor();
    await settled(page);
    if (file === 'overview.png') await page.locator('.echarts-for-react canvas').first().waitFor();
    if (file === 'audit.png' || file === 'members.png' || file === 'group-mappings.png') await page.locator('tr.ant-table-row').first().waitFor();
    // the seeded calendar's year, under the list
    if (file === 'calendars.png') await page.getByTestId('year-view').waitFor();
    await page.mouse.move(0, 0); // no tooltip left open by the pointer
    await page.screenshot({ path: join(screenshotDir, shot(file)), fullPage: true });
    console.log(`[e2e] saved ${join(screenshotDir, shot(file))}`);
  }
  // in both languages: a run's page with its "Trace" row, linked through test-e2e.sh's link template
  const ran = (await api('GET', '/executions?status=SUCCEEDED&size=1')).body.items[0];
  await navigate(page, `/executions/${ran.id}`);
  await page.getByRole('link', { name: tr('Open the trace') }).waitFor();
  await settled(page);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(screenshotDir, shot('execution-trace.png')), fullPage: true });
  console.log(`[e2e] saved ${join(screenshotDir, shot('execution-trace.png'))}`);
} finally {
  await browser.close();
}
