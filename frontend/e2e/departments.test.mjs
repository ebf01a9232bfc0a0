// Departments through the dashboard against the real crony-web: the admin creates `pay`,
// makes a user an OPERATOR there on its Members page, switches to it in the header and
// sees only pay's jobs (a job made in `default` is not there, the one made in `pay` is not
// in `default`); pay cannot be deleted while it holds a job, and the dashboard says why.
// The member then signs in and works in pay as OPERATOR, with nothing to manage.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, base, navigate, openBrowser, settled, shownDialog, shownPopconfirm, signIn, targetUrl } from './support.mjs';
import { lang, tr, trRe } from './i18n.mjs';

/** Picks `option` in the antd select labelled `label` (within `scope`). */
async function choose(page, scope, label, option) {
  // the chosen value is drawn over the select's input: click the select itself
  await scope.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: label }) }).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

/** The jobs list searched for `prefix`: the names of the jobs it shows once the answer is in. */
async function jobsNamed(page, prefix) {
  // through another page, so the jobs page starts without a filter and the search asks anew
  await navigate(page, '/departments');
  await page.getByRole('heading', { name: tr('Departments') }).waitFor();
  await navigate(page, '/jobs');
  await page.getByRole('heading', { name: tr('Jobs') }).waitFor();
  await settled(page);
  const answered = page.waitForResponse((r) => r.url().includes('/api/v1/jobs?') && r.url().includes(`name=${prefix}`));
  await page.getByPlaceholder(tr('Search by name')).fill(prefix);
  await page.getByPlaceholder(tr('Search by name')).press('Enter');
  const response = await answered;
  assert.equal(response.status(), 200);
  const names = (await response.json()).items.map((j) => j.name);
  for (const name of names) await page.getByRole('link', { name, exact: true }).waitFor();
  return { names, department: response.request().headers()['x-crony-department'] };
}

describe('a job seen only in its own department', () => {
  const stamp = Date.now();
  const prefix = `e2e-dept-${stamp}`;
  const member = `e2e-payer-${stamp}`;
  const memberPassword = `e2e-${stamp}-Wd7!kQz`;
  const defaultJob = `${prefix}-default`;
  const payJob = `${prefix}-pay`;
  // the department stays for the screenshots: each language's run makes its own
  const pay = lang === 'en' ? 'pay' : 'pay-zh';
  let browser;
  let page;
  let payId;
  let defaultJobId;
  let payJobId;

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
    const user = await api('POST', '/users', { username: member, password: memberPassword, enabled: true });
    assert.equal(user.status, 201, JSON.stringify(user.body));
    const job = await api('POST', '/jobs', { name: defaultJob, schedule: '0 0 1 1 *', target: { type: 'HTTP', method: 'GET', url: `${targetUrl}/ok` } });
    assert.equal(job.status, 201, JSON.stringify(job.body));
    defaultJobId = job.body.id;
    await signIn(page);
  });

  after(async () => {
    // the department and its member stay: the screenshots show them
    if (defaultJobId) await api('DELETE', `/jobs/${defaultJobId}`);
    if (payJobId) await api('DELETE', `/jobs/${payJobId}`, undefined, { department: pay });
    await browser?.close();
  });

  it('creates the department pay', async () => {
    await navigate(page, '/departments');
    await page.getByRole('heading', { name: tr('Departments') }).waitFor();
    await page.getByRole('button', { name: trRe('New department') }).click();
    const dialog = await shownDialog(page, tr('New department'));
    await dialog.getByLabel(tr('Name')).fill(pay);
    await dialog.getByLabel(tr('Description')).fill('payroll runs');
    await dialog.getByLabel(tr('Retention (days)')).fill('30');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/departments') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: tr('Create') }).click();
    const response = await created;
    assert.equal(response.status(), 201, await response.text());
    payId = (await response.json()).id;
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: tr('members of {name}', { name: pay }) }) });
    await row.getByText(tr('{count} day | {count} days', { count: 30 })).waitFor();
    await row.getByText('payroll runs').waitFor();
  });

  it('adds a user to pay as OPERATOR on its members page', async () => {
    await page.getByRole('link', { name: tr('members of {name}', { name: pay }) }).click();
    await page.getByRole('heading', { name: tr('Members of {name}', { name: pay }) }).waitFor();
    await settled(page);
    await page.getByRole('button', { name: trRe('Add member') }).click();
    const dialog = await shownDialog(page, tr('Add member'));
    await dialog.getByLabel(tr('Username')).fill(member);
    await choose(page, dialog, tr('Role'), tr('OPERATOR'));
    const added = page.waitForResponse((r) => r.url().endsWith(`/api/v1/departments/${payId}/members`) && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: tr('Add'), exact: true }).click();
    assert.equal((await added).status(), 201);
    const row = page.getByRole('row').filter({ hasText: member });
    await row.locator(`.ant-select-selection-item[title="${tr('OPERATOR')}"]`).waitFor();
    const members = (await api('GET', `/departments/${payId}/members`)).body;
    assert.equal(members.find((m) => m.username === member)?.role, 'OPERATOR');
  });

  it('switches to pay in the header, where the job made in default is not listed', async () => {
    await choose(page, page.locator('header'), tr('Department'), pay);
    await page.getByText(tr('Success rate (24 h)')).waitFor();
    const { names, department } = await jobsNamed(page, prefix);
    assert.equal(department, pay);
    assert.deepEqual(names, []);
    assert.equal(await page.getByRole('link', { name: defaultJob }).count(), 0);
  });

  it('creates a job in pay, listed there and not in default', async () => {
    await page.getByRole('button', { name: tr('New job') }).click();
    await page.getByRole('textbox', { name: trRe('Name') }).fill(payJob);
    await page.getByRole('textbox', { name: trRe('Schedule') }).fill('0 0 1 1 *');
    await page.getByTestId('next-fires').waitFor();
    await page.getByRole('textbox', { name: trRe('URL') }).fill(`${targetUrl}/ok`);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/jobs') && r.request().method() === 'POST');
    await page.getByRole('button', { name: tr('Save') }).click();
    const response = await saved;
    assert.equal(response.status(), 201, await response.text());
    payJobId = (await response.json()).id;
    assert.equal(response.request().headers()['x-crony-department'], pay);
    assert.equal((await api('GET', `/jobs/${payJobId}`, undefined, { department: pay })).status, 200);
    assert.equal((await api('GET', `/jobs/${payJobId}`, undefined, { department: 'default' })).status, 404);

    assert.deepEqual((await jobsNamed(page, prefix)).names, [payJob]);

    await choose(page, page.locator('header'), tr('Department'), 'default');
    await page.getByText(tr('Success rate (24 h)')).waitFor();
    const inDefault = await jobsNamed(page, prefix);
    assert.equal(inDefault.department, 'default');
    assert.deepEqual(inDefault.names, [defaultJob]);
    assert.equal(await page.getByRole('link', { name: payJob }).count(), 0);
  });

  it("shows the server's reason when pay cannot be deleted while it holds a job", async () => {
    assert.ok(payJobId, 'pay holds a job');
    await navigate(page, '/departments');
    await page.getByRole('heading', { name: tr('Departments') }).waitFor();
    await settled(page);
    await page.getByRole('button', { name: tr('delete {name}', { name: pay }) }).click();
    const refused = page.waitForResponse((r) => r.url().endsWith(`/api/v1/departments/${payId}`) && r.request().method() === 'DELETE');
    await (await shownPopconfirm(page)).getByRole('button', { name: tr('Delete'), exact: true }).click();
    const response = await refused;
    assert.equal(response.status(), 409);
    const problem = await response.json();
    await page.locator('.ant-notification').getByText(problem.detail ?? problem.title).waitFor();
    assert.equal((await api('GET', `/departments/${payId}`)).status, 200);
  });

  it('lists the member on the members page', async () => {
    await navigate(page, `/departments/${payId}/members`);
    await page.getByRole('heading', { name: tr('Members of {name}', { name: pay }) }).waitFor();
    await page.getByRole('row').filter({ hasText: member }).waitFor();
  });

  it('lets the member work in pay, their only department, as OPERATOR and manage nothing', async () => {
    const other = await openBrowser();
    try {
      const { page: theirs, errors } = other;
      await theirs.goto(`${base}/`);
      await theirs.getByLabel(tr('Username')).fill(member);
      await theirs.getByLabel(tr('Password')).fill(memberPassword);
      await theirs.getByRole('button', { name: tr('Sign in') }).click();
      await theirs.getByText(tr('Success rate (24 h)')).waitFor();
      const header = theirs.locator('header');
      await header.locator(`.ant-select-selection-item[title="${pay}"]`).waitFor();
      await header.getByText(tr('OPERATOR'), { exact: true }).waitFor();
      assert.equal(await theirs.getByRole('menuitem', { name: tr('Users') }).count(), 0);

      assert.deepEqual((await jobsNamed(theirs, prefix)).names, [payJob]);
      await theirs.getByRole('button', { name: tr('New job') }).waitFor();

      await navigate(theirs, '/departments');
      await theirs.getByRole('link', { name: tr('members of {name}', { name: pay }) }).waitFor();
      await settled(theirs);
      assert.equal(await theirs.getByRole('link', { name: tr('members of {name}', { name: 'default' }) }).count(), 0);
      assert.equal(await theirs.getByRole('button', { name: new RegExp([tr('New department'), tr('edit {name}', { name: pay }), tr('delete {name}', { name: pay })].join('|')) }).count(), 0);
      await theirs.getByRole('link', { name: tr('members of {name}', { name: pay }) }).click();
      await theirs.getByRole('row').filter({ hasText: member }).getByText(tr('OPERATOR')).waitFor();
      assert.equal(await theirs.getByRole('button', { name: trRe('Add member') }).count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await other.close();
    }
  });

  it('raised no page error', () => {
    assert.deepEqual(browser.errors, []);
  });
});
