// Single sign-on against the real crony-web and a real OpenID Connect provider
// (crony-test-support's OidcProvider, which scripts/test-e2e.sh starts with sso-ada in the
// group e2e-sso-operators and sso-bob in e2e-sso-unmapped): a global admin adds a group
// mapping on its page, sees it listed and removes it; then "Sign in with E2E Provider" takes
// sso-ada through the provider's sign-in form into the department her group is mapped to,
// and sends sso-bob, whose group is mapped nowhere, back to the sign-in page with the reason.
// The translated pass (E2E_TRANSLATED_PASS) runs only the refusal: the sign-in page with the
// provider's button and the reason, in Chinese. It changes no mapping or membership there:
// their audit records (a role, OPERATOR) would show on the audit page pages.test.mjs reads
// in Chinese at the same time.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { englishOnly, lang, tr, trRe } from './i18n.mjs';
import { api, assertCookieSession, base, openBrowser, settled, shownDialog, shownPopconfirm, signIn } from './support.mjs';

const PROVIDER = 'E2E Provider';
const DEPARTMENT = 'sso-e2e';
const MAPPED_GROUP = 'e2e-sso-operators';
const providerPassword = process.env.OIDC_PASSWORD ?? '';
const translatedPass = process.env.E2E_TRANSLATED_PASS === '1';

async function choose(page, scope, label, option) {
  // the chosen value is drawn over the select's input: click the select itself
  await scope.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: label }) }).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

/** Follows the sign-in page's provider button and signs in on the provider's own form. */
async function signInAtProvider(page, username) {
  await page.goto(`${base}/login`);
  await page.getByRole('link', { name: tr('Sign in with {name}', { name: PROVIDER }) }).click();
  // Spring Authorization Server's form, on the provider's port
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(providerPassword);
  await page.locator('button[type=submit]').click();
}

/** The English strings of the dashboard's own left on the page (none in the Chinese run). */
async function englishLeft(page) {
  const lines = (await page.locator('body').innerText()).split('\n').map((line) => line.trim());
  return lines.filter((line) => englishOnly.has(line));
}

describe('group mappings on their page', { skip: translatedPass }, () => {
  const group = `e2e-ui-${Date.now()}`;
  let browser;
  let page;

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
    await signIn(page);
  });

  after(async () => browser?.close());

  it('adds a mapping from the side menu, lists it and removes it', async () => {
    await page.getByRole('menuitem', { name: tr('Group mappings') }).click();
    await page.getByRole('heading', { name: tr('Group mappings') }).waitFor();
    await settled(page);
    await page.getByRole('button', { name: trRe('New mapping') }).click();
    const dialog = await shownDialog(page, tr('New group mapping'));
    await dialog.getByLabel(tr('Group')).fill(group);
    await choose(page, dialog, tr('Department'), 'default');
    await choose(page, dialog, tr('Role'), tr('OPERATOR'));
    await dialog.getByRole('button', { name: tr('Add') }).click();
    const row = page.getByRole('row').filter({ hasText: group });
    await row.getByText(tr('OPERATOR'), { exact: true }).waitFor();
    await row.getByText('default', { exact: true }).waitFor();
    const saved = (await api('GET', '/sso/group-mappings')).body.find((m) => m.group === group);
    assert.equal(saved?.role, 'OPERATOR');
    assert.equal(saved?.department, 'default');

    await page.getByRole('button', { name: tr('remove mapping {group} to {department}', { group, department: 'default' }) }).click();
    await (await shownPopconfirm(page)).getByRole('button', { name: tr('Remove'), exact: true }).click();
    await row.waitFor({ state: 'detached' });
    assert.equal((await api('GET', '/sso/group-mappings')).body.some((m) => m.group === group), false);
  });

  it('raised no page error', () => {
    assert.deepEqual(browser.errors, []);
  });
});

describe('sign-in through the OpenID Connect provider', () => {
  before(() => {
    if (!providerPassword) throw new Error('set OIDC_PASSWORD (scripts/test-e2e.sh does)');
  });

  it('lands a user of a mapped group signed in, in the department the group grants', { skip: translatedPass }, async () => {
    // a run of every flow in Chinese shares the backend with the English one: it finds these made (409)
    const department = await api('POST', '/departments', { name: DEPARTMENT });
    assert.ok([201, 409].includes(department.status), JSON.stringify(department.body));
    const mapping = await api('POST', '/sso/group-mappings', { group: MAPPED_GROUP, department: DEPARTMENT, role: 'OPERATOR' });
    assert.ok([201, 409].includes(mapping.status), JSON.stringify(mapping.body));
    const browser = await openBrowser();
    try {
      const { page, errors } = browser;
      await signInAtProvider(page, 'sso-ada');
      await page.getByText(tr('Success rate (24 h)')).waitFor();
      const header = page.locator('header');
      await header.locator(`.ant-select-selection-item[title="${DEPARTMENT}"]`).waitFor();
      await header.getByText(tr('OPERATOR'), { exact: true }).waitFor();
      await assertCookieSession(page);
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
      // the mapping granted it, and the API agrees with the header
      const members = (await api('GET', '/departments')).body.find((d) => d.name === DEPARTMENT);
      const ada = (await api('GET', `/departments/${members.id}/members`)).body.find((m) => m.username === 'sso-ada');
      assert.equal(ada?.role, 'OPERATOR');
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });

  it('sends a user none of whose groups is mapped back to the sign-in page with the reason', async () => {
    const browser = await openBrowser();
    try {
      const { page, errors } = browser;
      await signInAtProvider(page, 'sso-bob');
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('sso') === 'no-group');
      await page
        .getByRole('alert')
        .getByText(tr('None of your groups at the identity provider gives you access to a department. Ask an administrator to map one of them.'))
        .waitFor();
      // the button is still there to try again, and nothing signed the user in
      await page.getByRole('link', { name: tr('Sign in with {name}', { name: PROVIDER }) }).waitFor();
      assert.equal((await page.context().cookies(base)).some((c) => c.name === 'CRONY_SESSION'), false);
      if (lang === 'zh-CN') assert.deepEqual(await englishLeft(page), [], 'English left on the Chinese sign-in page');
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });
});
