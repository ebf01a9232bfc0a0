// Every page of the dashboard opens without a page error at 1366 px and on a phone, with
// the sample jobs (seed.mjs) running; in the Chinese run, with no English string of the
// dashboard's own left on it (the translated pass of scripts/test-e2e.sh).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pages } from './dashboard-pages.mjs';
import { api, DESKTOP, eventually, navigate, openBrowser, PHONE, settled, signIn } from './support.mjs';
import { englishOnly, lang, tr } from './i18n.mjs';

/** Every text the page shows: its visible text nodes, placeholders, titles and labels, trimmed. */
function shownTexts(page) {
  return page.evaluate(() => {
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      if (text && node.parentElement?.checkVisibility()) texts.push(text);
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
        }
      });
    }
  });
}
