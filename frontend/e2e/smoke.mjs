// Browser smoke test of the built dashboard against a running crony-web, in Debian's
// chromium through playwright-core (no browser download). Signs in, opens each page at
// 1366 px and on a phone-sized screen, fails on any page error, and keeps screenshots.
//
//   CRONY_URL=http://127.0.0.1:8080 CRONY_PASSWORD=... node e2e/smoke.mjs
//
// CRONY_USER defaults to admin; E2E_OUT (default e2e/out) receives the screenshots. The
// test creates (and deletes) its own job, so any crony-web with that user will do.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = (process.env.CRONY_URL ?? '').replace(/\/$/, '');
const user = process.env.CRONY_USER ?? 'admin';
const password = process.env.CRONY_PASSWORD;
const out = process.env.E2E_OUT ?? 'e2e/out';
if (!base || !password) {
  console.error('set CRONY_URL and CRONY_PASSWORD');
  process.exit(2);
}
mkdirSync(out, { recursive: true });

const profile = mkdtempSync(join(tmpdir(), 'crony-e2e-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
  viewport: { width: 1366, height: 768 },
});

const results = [];
async function check(name, fn) {
  try {
    await fn();
    results.push([name, null]);
    console.log(`ok   ${name}`);
  } catch (e) {
    results.push([name, e]);
    console.log(`FAIL ${name}: ${e instanceof Error ? e.message : e}`);
  }
}

const page = browser.pages()[0] ?? (await browser.newPage());
const pageErrors = [];
page.on('pageerror', (e) => pageErrors.push(e.message));

await check('signs in and lands on the overview', async () => {
  await page.goto(`${base}/`);
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Success rate (24 h)').waitFor({ timeout: 20_000 });
  await page.locator('.echarts-for-react canvas').first().waitFor({ timeout: 20_000 });
  await page.screenshot({ path: join(out, 'overview.png'), fullPage: true });
});

for (const [path, marker, shot] of [
  ['/jobs', 'New job', 'jobs'],
  ['/executions', 'Executions', 'executions'],
  ['/agents', 'Agents alive', 'agents'],
  ['/users', 'New user', 'users'],
]) {
  await check(`opens ${path}`, async () => {
    await page.goto(`${base}${path}`);
    await page.getByText(marker).first().waitFor({ timeout: 20_000 });
    await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 20_000 });
    await page.screenshot({ path: join(out, `${shot}.png`), fullPage: true });
  });
}

await check('checks a schedule live in the job form', async () => {
  await page.goto(`${base}/jobs`);
  await page.getByRole('button', { name: 'New job' }).click();
  const schedule = page.getByRole('textbox', { name: /Schedule/ });
  await schedule.fill('*/10 * * * *');
  await page.getByTestId('next-fires').waitFor({ timeout: 20_000 });
  await schedule.fill('61 * * * *');
  await page.locator('.ant-form-item-has-error').filter({ has: schedule }).waitFor({ timeout: 20_000 });
  await page.screenshot({ path: join(out, 'job-form.png') });
});

const jobName = `e2e-${Date.now()}`;
await check('creates a job through the form and opens it', async () => {
  await page.goto(`${base}/jobs`);
  await page.getByRole('button', { name: 'New job' }).click();
  await page.getByRole('textbox', { name: /Name/ }).fill(jobName);
  await page.getByRole('textbox', { name: /Schedule/ }).fill('@every 30s');
  await page.getByRole('textbox', { name: /URL/ }).fill('http://127.0.0.1:9/none');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name: jobName }).click();
  await page.getByText('Run history').waitFor({ timeout: 20_000 });
  await page.getByText('@every 30s').first().waitFor();
  await page.screenshot({ path: join(out, 'job-detail.png'), fullPage: true });
});

await check('reports a refused run as a notification', async () => {
  await page.getByRole('button', { name: 'Run now' }).click();
  await page.locator('.ant-modal').getByRole('button', { name: 'Run' }).click();
  // with no live agent the server refuses (409); with one, the run's page opens
  await Promise.race([
    page.locator('.ant-notification-notice').waitFor({ timeout: 20_000 }),
    page.getByText(/^Execution #/).waitFor({ timeout: 20_000 }),
  ]);
  await page.screenshot({ path: join(out, 'run-now.png') });
});

await check('deletes the job after confirmation', async () => {
  await page.goto(`${base}/jobs`);
  await page.getByRole('button', { name: `delete ${jobName}` }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('link', { name: jobName }).waitFor({ state: 'detached', timeout: 20_000 });
});

await check('adds a user and removes it again', async () => {
  const name = `e2e-user-${Date.now()}`;
  await page.goto(`${base}/users`);
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.locator('.ant-modal');
  await dialog.getByLabel('Username').fill(name);
  await dialog.getByLabel('Password').fill('short');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.getByText('8 to 72 characters').waitFor({ timeout: 10_000 });
  await dialog.getByLabel('Password').fill('e2e-password-1');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('cell', { name, exact: true }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: `delete ${name}` }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('cell', { name, exact: true }).waitFor({ state: 'detached', timeout: 20_000 });
});

await check('is readable on a phone', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/jobs`);
  await page.getByText('New job').first().waitFor({ timeout: 20_000 });
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 20_000 });
  await page.screenshot({ path: join(out, 'jobs-phone.png'), fullPage: true });
});

await check('signs out back to the login form', async () => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: new RegExp(user) }).hover();
  await page.getByText('Sign out').click();
  await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 20_000 });
  await page.goto(`${base}/jobs`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 20_000 });
});

await check('raised no page error', async () => {
  if (await page.getByText('This page failed').count()) pageErrors.push('a page showed its error view');
  if (pageErrors.length) throw new Error(pageErrors.join('\n'));
});

await browser.close();
rmSync(profile, { recursive: true, force: true });
const failed = results.filter(([, e]) => e).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
