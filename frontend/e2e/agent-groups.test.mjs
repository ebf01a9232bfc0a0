// Agent groups in the dashboard against the real crony-web and its one unlabelled agent:
// a job selecting dept=pay is shown UNASSIGNED with the leader's reason in the jobs list
// and on the job page, while a job without selector runs on the agent.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, eventually, navigate, openBrowser, settled, signIn, targetUrl } from './support.mjs';
import { tr, trReason } from './i18n.mjs';

describe('a job whose selector matches no agent', () => {
  const name = `e2e-payroll-${Date.now()}`;
  let browser;
  let page;
  let id;

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
    await signIn(page);
    const created = await api('POST', '/jobs', {
      name,
      schedule: '0 0 1 * * ?',
      timeZone: 'UTC',
      target: { type: 'HTTP', method: 'POST', url: `${targetUrl}/ok` },
      assignment: { labels: { dept: 'pay' } },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    id = created.body.id;
  });

  after(async () => {
    if (id) await api('DELETE', `/jobs/${id}`);
    await browser?.close();
  });

  it('is UNASSIGNED in the API with the reason', async () => {
    const job = await eventually('the job unassigned', async () => {
      const answer = (await api('GET', `/jobs/${id}`)).body;
      return answer?.placement?.status === 'UNASSIGNED' ? answer : null;
    });
    assert.equal(job.placement.reason, 'no live agent matches dept=pay');
    assert.equal(job.agentId, null);
  });

  it('shows UNASSIGNED with the reason in the jobs list and on the job page', async () => {
    await navigate(page, '/jobs');
    await settled(page);
    await page.getByPlaceholder(tr('Search by name')).fill(name);
    await page.getByPlaceholder(tr('Search by name')).press('Enter');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText(tr('UNASSIGNED')).waitFor();
    // the server's reason code, worded in the reader's language
    const why = trReason('NO_AGENT_MATCHES', { labels: 'dept=pay' });
    await row.getByText(why).waitFor();

    await navigate(page, `/jobs/${id}`);
    await page.getByText(why).waitFor();
    await page.getByText('dept=pay').first().waitFor();
  });

  it('raised no page error', () => {
    assert.deepEqual(browser.errors, []);
  });
});
