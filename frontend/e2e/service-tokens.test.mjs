// Service-account tokens through the dashboard against the real crony-web: a token made
// with read scopes only is shown once, reads jobs, is refused a write, and stops working
// the moment it is revoked in the list.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { base, navigate, openBrowser, shownPopconfirm, signIn } from './support.mjs';
import { tr, trRe } from './i18n.mjs';

async function asMachine(token, method, path, body) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.status;
}

describe('a service token from its creation to its revocation', () => {
  const name = `e2e-ci-${Date.now()}`;
  let browser;
  let page;
  let token;

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
    await signIn(page);
  });

  after(async () => {
    await browser?.close();
  });

  it('creates a read-only token and shows it once', async () => {
    await navigate(page, '/service-tokens');
    await page.getByRole('heading', { name: tr('Service tokens') }).waitFor();
    await page.getByRole('button', { name: trRe('New token') }).click();
    await page.getByLabel(tr('Name')).fill(name);
    await page.getByLabel(tr('Read runs')).uncheck();
    await page.getByRole('button', { name: tr('Create') }).click();
    await page.getByText(tr('Copy the token now: it is shown only this once.')).waitFor();
    token = (await page.getByLabel(tr('new token')).innerText()).trim();
    assert.match(token, /^crony_sa_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: tr('Done') }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText(tr('ACTIVE')).waitFor();
    // the dialog that showed it fades out after the list has the row: the token leaves
    // the page with it, and the list does not bring it back
    await page.getByText(token).waitFor({ state: 'detached' });
    assert.equal(await page.getByText(token).count(), 0, 'the list never shows the token');
  });

  it('reads jobs with it and is refused a write and what its scopes do not name', async () => {
    assert.equal(await asMachine(token, 'GET', '/jobs'), 200);
    const job = { name: `${name}-job`, schedule: '0 0 * * * ?', target: { type: 'HTTP', url: 'http://127.0.0.1:9/run' } };
    assert.equal(await asMachine(token, 'POST', '/jobs', job), 403);
    assert.equal(await asMachine(token, 'GET', '/executions'), 403);
    assert.equal(await asMachine(token, 'GET', '/users'), 403);
  });

  it('is refused once revoked in the dashboard', async () => {
    await page.getByRole('button', { name: tr('revoke {name}', { name }) }).click();
    await (await shownPopconfirm(page)).getByRole('button', { name: tr('Revoke'), exact: true }).click();
    await page.getByRole('row').filter({ hasText: name }).getByText(tr('REVOKED')).waitFor();
    assert.equal(await asMachine(token, 'GET', '/jobs'), 401);
  });

  it('raised no page error', () => {
    assert.deepEqual(browser.errors, []);
  });
});
