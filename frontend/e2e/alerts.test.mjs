// Alert channels through the dashboard against the real crony-web: a webhook channel is
// created with a secret (never shown again), a test message is delivered to the sample
// target, and the test shows in the alert history.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, navigate, openBrowser, settled, signIn, targetUrl } from './support.mjs';
import { tr, trRe } from './i18n.mjs';

describe('an alert channel from the form to a delivered test message', () => {
  const name = `e2e-webhook-${Date.now()}`;
  let browser;
  let page;

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
    await signIn(page);
  });

  after(async () => {
    const channel = (await api('GET', '/alert-channels?size=200')).body?.items?.find((c) => c.name === name);
    if (channel) await api('DELETE', `/alert-channels/${channel.id}`);
    await browser?.close();
  });

  it('creates a webhook channel whose secret never comes back', async () => {
    await navigate(page, '/alert-channels');
    await page.getByRole('button', { name: trRe('New channel') }).click();
    await page.getByLabel(tr('Name')).fill(name);
    await page.getByLabel(tr('Webhook URL')).fill(`${targetUrl}/ok`);
    await page.getByLabel(tr('Signing secret')).fill('e2e-signing-secret');
    await page.getByRole('button', { name: tr('Save') }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText(tr('set'), { exact: true }).waitFor();
    const listed = JSON.stringify((await api('GET', '/alert-channels?size=200')).body);
    assert.ok(!listed.includes('e2e-signing-secret'), 'the API never answers the secret');
  });

  it('sends a test message and sees it delivered and in the history', async () => {
    await page.getByRole('button', { name: tr('test {name}', { name }) }).click();
    await page.getByText(trRe('Test message delivered through {name} in {tookMillis} ms', { name })).waitFor();
    await navigate(page, '/alerts');
    await page.getByRole('heading', { name: tr('Alerts') }).waitFor();
    await settled(page);
    // this channel's test alert, recorded as sent (the history lists the channel by name)
    await page.getByRole('row').filter({ hasText: name }).filter({ hasText: tr('TEST') }).filter({ hasText: tr('SENT') }).first().waitFor();
    const channel = (await api('GET', '/alert-channels?size=200')).body.items.find((c) => c.name === name);
    const history = (await api('GET', `/alerts?kind=TEST&channelId=${channel.id}`)).body.items;
    assert.deepEqual(
      history.map((a) => a.status),
      ['SENT'],
    );
  });

  it('raised no page error', () => {
    assert.deepEqual(browser.errors, []);
  });
});
