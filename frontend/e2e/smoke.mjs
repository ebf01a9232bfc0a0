// Browser smoke test of the built dashboard against a running crony-web, in Debian's
// chromium through playwright-core (no browser download). Signs in, opens each page at
// 1366 px and on a phone-sized screen, fails on any page error, and keeps screenshots.
//
//   CRONY_URL=http://127.0.0.1:8080 CRONY_PASSWORD=... node e2e/smoke.mjs
//
// CRONY_USER defaults to admin; E2E_OUT (default e2e/out) receives the screenshots.
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
  ['/jobs', 'settle-orders', 'jobs'],
  ['/executions', 'Executions', 'executions'],
  ['/agents', 'Agents alive', 'agents'],
  ['/users', 'New user', 'users'],
]) {
  await check(`opens ${path}`, async () => {
    await page.goto(`${base}${path}`);
    await page.getByText(marker).first().waitFor({ timeout: 20_000 });
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

await check('is readable on a phone', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/jobs`);
  await page.getByText('settle-orders').first().waitFor({ timeout: 20_000 });
  await page.screenshot({ path: join(out, 'jobs-phone.png'), fullPage: true });
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
