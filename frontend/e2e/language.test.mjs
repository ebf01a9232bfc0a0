// The language switcher against the real dashboard: the first language is the browser's
// (this run's E2E_LANG), a switch on the sign-in page is remembered across a reload and
// sign-in, and the header's switcher turns the whole frame back.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { lang } from './i18n.mjs';
import { base, openBrowser, password } from './support.mjs';

const other = lang === 'en' ? 'zh-CN' : 'en';
const NAMES = { en: 'English', 'zh-CN': '简体中文' };
const TEXT = {
  en: { signIn: 'Sign in', username: 'Username', password: 'Password', jobs: 'Jobs', language: 'Language' },
  'zh-CN': { signIn: '登录', username: '用户名', password: '密码', jobs: '任务', language: '语言' },
};

/** Picks `to` in the language switcher now labelled in `from`. */
async function switchLanguage(page, from, to) {
  await page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: TEXT[from].language }) }).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${NAMES[to]}"]`).click();
}

describe('the language switcher', () => {
  let browser;
  let page;

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
  });

  after(async () => browser?.close());

  it("starts in the browser's language", async () => {
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: TEXT[lang].signIn }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
  });

  it('switches on the sign-in page and remembers it across a reload and the sign-in', async () => {
    await switchLanguage(page, lang, other);
    await page.getByRole('button', { name: TEXT[other].signIn }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('crony.lang')), other);
    await page.reload();
    await page.getByLabel(TEXT[other].username).fill('admin');
    await page.getByLabel(TEXT[other].password).fill(password);
    await page.getByRole('button', { name: TEXT[other].signIn }).click();
    await page.getByRole('menuitem', { name: TEXT[other].jobs }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), other);
  });

  it("turns the whole frame back from the header's switcher", async () => {
    await switchLanguage(page, other, lang);
    await page.getByRole('menuitem', { name: TEXT[lang].jobs }).waitFor();
    assert.equal(await page.getByRole('menuitem', { name: TEXT[other].jobs }).count(), 0);
    assert.equal(await page.evaluate(() => localStorage.getItem('crony.lang')), lang);
  });

  it('raised no page error', () => {
    assert.deepEqual(browser.errors, []);
  });
});
