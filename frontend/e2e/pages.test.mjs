// Every page of the dashboard opens without a page error at 1366 px and on a phone, with
// the sample jobs (seed.mjs) running; in the Chinese run, with no English string of the
// dashboard's own left on it and no Latin word outside the data (the translated pass of
// scripts/test-e2e.sh), and with E2E_SCREENSHOTS set it saves each page at 1366×768 as
// <page>-zh-1366.png.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pages } from './dashboard-pages.mjs';
import { api, DESKTOP, eventually, navigate, openBrowser, PHONE, screenshotDir, settled, signIn } from './support.mjs';
import { englishOnly, lang, latinLeft, tr } from './i18n.mjs';

/** Every text the page shows: its visible text nodes, placeholders, titles and labels, trimmed. */
function shownTexts(page) {
  return page.evaluate(() => {
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      // data (a role in an audit entry's changes) may equal one of the dashboard's words
      if (text && node.parentElement?.checkVisibility() && !node.parentElement.closest('[data-literal="true"], code')) texts.push(text);
    }
    for (const element of document.querySelectorAll('[placeholder], [title], [aria-label]')) {
      // an icon's label is the icon's name (antd's `history`, `key`), not the dashboard's
      if (!element.checkVisibility() || element.classList.contains('anticon')) continue;
      for (const name of ['placeholder', 'title', 'aria-label']) {
        const text = element.getAttribute(name)?.trim();
        if (text) texts.push(text);
      }
    }
    return texts;
  });
}

/**
 * The texts of shownTexts() with the data taken out: an element marked `data-literal` (JSX's
 * `<span data-literal>`, which React writes as `data-literal="true"`) holds data (a name, an id, a cron expression, a URL, a label: what a user typed, which stays as
 * typed), and so does <code>; `data-literal="New Year's Day"` names the data in an element's
 * own labels (a title that words a day with its holiday's name). The data's texts are also taken
 * out of the other texts (`编辑 settle-orders`, a button's label with the job's name in it). Each
 * with where it sits (the element's tag and classes), to find it in the code.
 */
function textsOutsideData(page) {
  return page.evaluate(() => {
    const isData = (element) => element.closest('[data-literal="true"], code') !== null;
    const where = (element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
    const values = new Set();
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent.trim();
      if (!text || !element?.checkVisibility()) continue;
      if (isData(element)) values.add(text);
      else texts.push({ text, where: where(element) });
    }
    for (const element of document.querySelectorAll('[data-literal]:not([data-literal="true"])')) {
      if (element.getAttribute('data-literal')) values.add(element.getAttribute('data-literal'));
    }
    for (const element of document.querySelectorAll('[placeholder], [title], [aria-label]')) {
      if (!element.checkVisibility() || element.classList.contains('anticon') || isData(element)) continue;
      for (const name of ['placeholder', 'title', 'aria-label']) {
        const text = element.getAttribute(name)?.trim();
        // antd's Tree (rc-tree) keeps a hidden input of its own, labelled so in English whatever the language
        if (name === 'aria-label' && text === 'for screen reader' && element.tagName === 'INPUT') continue;
        if (text) texts.push({ text, where: `${where(element)}[${name}]` });
      }
    }
    // the longest first: `settle-orders` goes before a shorter name it holds
    const longestFirst = [...values].sort((a, b) => b.length - a.length);
    return texts.map(({ text, where: at }) => ({
      text: longestFirst.reduce((rest, value) => rest.replaceAll(value, ' '), text),
      where: at,
    }));
  });
}

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
        assert.equal(await page.getByText(tr('This page failed')).count(), 0);
        assert.deepEqual(errors, []);
        // a phone may scroll down, never sideways out of the layout
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 1, `the page is ${overflow} px wider than the screen`);
        if (lang === 'zh-CN') {
          const english = (await shownTexts(page)).filter((text) => englishOnly.has(text));
          assert.deepEqual(english, [], `English left on the Chinese ${p.name} page`);
          // nor any English word outside the data: a server's sentence shown raw, an enum's name, a
          // string written into a component
          const latin = (await textsOutsideData(page)).filter(({ text }) => latinLeft(text).length > 0);
          assert.deepEqual(latin, [], `Latin words outside names and values on the Chinese ${p.name} page`);
          // the docs' Chinese screenshots at the laptop size, from this very visit
          if (screenshotDir && viewport === DESKTOP) {
            await page.mouse.move(0, 0); // no tooltip left open by the pointer
            await page.screenshot({ path: join(screenshotDir, `${p.name.replaceAll(' ', '-')}-zh-1366.png`) });
          }
        }
      });
    }
  });
}
