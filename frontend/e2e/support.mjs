// What the browser tests share: Debian chromium through playwright-core (never a
// downloaded browser), a fresh profile per browser, sign-in, and a small API client for
// setting up and checking what the UI did. scripts/test-e2e.sh starts the backend and sets:
//   CRONY_URL, CRONY_PASSWORD (admin), SAMPLE_TARGET_URL, E2E_SCREENSHOTS (optional dir),
//   E2E_LANG (en or zh-CN: the browser's language, and the strings the tests look for; see i18n.mjs)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { browserLocale, lang, tr } from './i18n.mjs';

export const base = (process.env.CRONY_URL ?? '').replace(/\/$/, '');
export const password = process.env.CRONY_PASSWORD ?? '';
export const targetUrl = (process.env.SAMPLE_TARGET_URL ?? '').replace(/\/$/, '');
export const screenshotDir = process.env.E2E_SCREENSHOTS || null;
if (!base || !password || !targetUrl) {
  throw new Error('set CRONY_URL, CRONY_PASSWORD and SAMPLE_TARGET_URL (scripts/test-e2e.sh does)');
}

export const DESKTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };
/** Generous: the machine is shared, and a run goes through etcd, an agent and MariaDB. */
export const SLOW = 60_000;

/**
 * A headless chromium with one page that records page errors (uncaught exceptions in the
 * app) in `errors`, so each test can assert it caused none.
 */
export async function openBrowser(viewport = DESKTOP) {
  const profile = mkdtempSync(join(tmpdir(), 'crony-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
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
    viewport,
    // the dashboard's first language is the browser's
    locale: browserLocale,
  });
  // as generous as the slow waits: a first page after sign-in, with its chunks loaded while the API
  // fuzz pass and the release check take the cores beside the browser, took over 20 s at a load of 20
  context.setDefaultTimeout(SLOW);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return {
    page,
    errors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Signs in as admin and waits for the overview, checking that the dashboard came up in the
 * run's language (the side menu's 任务 in Chinese, <html lang>).
 */
export async function signIn(page) {
  await page.goto(`${base}/`);
  await page.getByLabel(tr('Username')).fill('admin');
  await page.getByLabel(tr('Password')).fill(password);
  await page.getByRole('button', { name: tr('Sign in') }).click();
  await page.getByText(tr('Success rate (24 h)')).waitFor();
  // attached, not visible: on a phone the side menu is folded away
  await page.getByRole('menuitem', { name: tr('Jobs') }).waitFor({ state: 'attached' });
  const htmlLang = await page.evaluate(() => document.documentElement.lang);
  if (htmlLang !== lang) throw new Error(`the dashboard is in ${htmlLang}, not ${lang}`);
  await assertCookieSession(page);
}

/**
 * The session is an HttpOnly, SameSite=Strict cookie that script cannot read, and nothing
 * in the page's storage holds it (or any token): an injected script has nothing to steal.
 */
export async function assertCookieSession(page) {
  const cookies = await page.context().cookies(base);
  const session = cookies.find((c) => c.name === 'CRONY_SESSION');
  if (!session || !session.httpOnly || session.sameSite !== 'Strict') {
    throw new Error(`no HttpOnly SameSite=Strict session cookie: ${JSON.stringify(cookies.map(({ value, ...c }) => c))}`);
  }
  const stored = await page.evaluate(() =>
    [localStorage, sessionStorage].flatMap((s) => Object.keys(s).map((k) => `${k}=${s.getItem(k)}`)),
  );
  const leaked = stored.filter((entry) => entry.includes(session.value) || /token/i.test(entry));
  if (leaked.length) throw new Error(`the page's storage holds a secret: ${leaked.join(', ')}`);
  if ((await page.evaluate(() => document.cookie)).includes(session.value)) {
    throw new Error('script can read the session cookie');
  }
}

/**
 * Opens a dashboard path the way a click on a link does (the router's history), which
 * spares reloading the app for every page; a full load happens once, at sign-in.
 */
export async function navigate(page, path) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Waits until no antd spinner spins, i.e. the page's first data has arrived. */
export async function settled(page) {
  await page.locator('.ant-spin-spinning, .ant-skeleton').first().waitFor({ state: 'detached' });
}

/**
 * Waits until the dialog named `name` is shown as a user sees it: opaque and done with
 * its opening animation (antd zooms it in; a button that still moves may take no click),
 * then answers it.
 */
export async function shownDialog(page, name) {
  const dialog = page.getByRole('dialog', { name, exact: true });
  await settledPopup(page, dialog);
  return dialog;
}

/**
 * Waits until a popup (a dialog, a date picker's dropdown) is shown as a user sees it:
 * opaque and done with its opening animation. antd zooms or slides it in, and a click on
 * something in it that still moves may land beside it.
 */
export async function settledPopup(page, popup) {
  await popup.waitFor();
  const handle = await popup.elementHandle();
  await page.waitForFunction(
    (el) => getComputedStyle(el).opacity === '1' && el.getAnimations({ subtree: true }).length === 0,
    handle,
    { polling: 'raf' },
  );
  await handle.dispose();
}

/**
 * The open confirmation popover (antd's Popconfirm), once it is settled: a click on its
 * button while it still zooms in may land beside it, which closes it unanswered.
 */
export async function shownPopconfirm(page) {
  const confirm = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
  await settledPopup(page, confirm);
  return confirm;
}

let token;
/**
 * Calls the REST API as admin, in the admin's home department unless `department` names
 * another; answers the parsed JSON body (or null) and the status.
 */
export async function api(method, path, body, { department } = {}) {
  token ??= (
    await (
      await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      })
    ).json()
  ).token;
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...(department ? { 'X-Crony-Department': department } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Polls `probe` until it answers something truthy (no fixed sleeps in the tests). */
export async function eventually(what, probe, timeoutMs = SLOW) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
