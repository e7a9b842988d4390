import { serviceMessages } from '@growmail/contracts/service-messages';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@growmail/test-support/axe';
import { useSite, viewports } from '@growmail/test-support/site';
import { commandActor } from '../../apps/server/src/lib/actor.ts';
import { releaseQuarantined } from '../../apps/server/src/submissions/quarantine.ts';

// The forms' time check on, as in production, at two seconds so the test need not wait long.
const minFillMs = 2_000;
const site = useSite({ FORM_MIN_FILL_SECONDS: String(minFillMs / 1000), RATE_LIMIT_PER_MINUTE: '100' });

const leadsFor = async (email: string) => (await site.app.leads.list({})).filter((row) => row.email === email);
/** Held submissions from this address, with their reasons as stored (JSON text). */
const heldFor = async (email: string) =>
  (await site.app.quarantine.list())
    .filter((row) => row.email === email)
    .map((row) => ({ ...row, reasons: JSON.stringify(row.reasons) }));

/** Opens a page, whose form the server signs a stamp into as it sends it (D30), and the time it was sent by. */
async function openWithStamp(path: string, userAgent?: string) {
  const opened = await site.openPage(viewports[1], userAgent ? { userAgent } : {});
  await opened.page.goto(`${site.url}${path}`);
  const stamp = await opened.page.locator('input[name="form_stamp"]').first().getAttribute('value');
  expect(stamp).toMatch(/^\w+\.[\w-]+$/);
  return { ...opened, stampedAt: Date.now() };
}

/** Waits until a person could have filled the form in, counted from the stamp. */
const afterAPersonsPace = (page: Page, stampedAt: number) =>
  page.waitForTimeout(Math.max(0, stampedAt + minFillMs + 300 - Date.now()));

const stampSent = (request: Request) => typeof request.postDataJSON()?.form_stamp === 'string';

async function fillEnquiry(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Full name').fill('Chiamaka Obi');
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Subject').fill('Agency pricing');
  await form.getByLabel('Message').fill('We send for twelve clients. What would that cost?');
  return form;
}

describe('lead forms with the time check on', () => {
  it('the contact form sends its stamp, and a person who takes their time is a lead', async () => {
    const { page, context, stampedAt } = await openWithStamp('/#contact-us');
    const form = await fillEnquiry(page, 'paced@lagos.example');
    await afterAPersonsPace(page, stampedAt);
    const sent = page.waitForRequest((request) => request.url().endsWith('/guests/enquiry'));
    await form.getByRole('button', { name: 'Send message' }).click();
    expect(stampSent(await sent)).toBe(true);
    await expect.poll(() => form.getByText(serviceMessages.enquiryReceived).isVisible()).toBe(true);
    expect(await leadsFor('paced@lagos.example')).toHaveLength(1);
    expect(await heldFor('paced@lagos.example')).toEqual([]);
    await context.close();
  });

  it('the savings calculator sends its stamp with the savings lead', async () => {
    const { page, context, stampedAt } = await openWithStamp('/calculator');
    await page.getByLabel('Number of customers').fill('20000');
    await page.getByLabel('Current annual cost (USD)').fill('12000');
    await page.getByLabel('Email Address', { exact: true }).fill('paced@nairobi.example');
    await page.getByRole('checkbox', { name: 'Campaign Mailing' }).check();
    await afterAPersonsPace(page, stampedAt);
    const sent = page.waitForRequest((request) => request.url().endsWith('/services/sales/leads'));
    await page.getByRole('button', { name: 'Estimate your savings' }).click();
    expect(stampSent(await sent)).toBe(true);
    await expect.poll(async () => (await leadsFor('paced@nairobi.example')).length).toBe(1);
    await context.close();
  });

  it('a filled hidden field gets the same success on screen, and the enquiry waits in quarantine', async () => {
    const { page, context, stampedAt } = await openWithStamp('/#contact-us');
    const form = await fillEnquiry(page, 'trapped@lagos.example');
    await page.locator('input[name="homepage"]').first().fill('https://spam.example', { force: true });
    await afterAPersonsPace(page, stampedAt);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => form.getByText(serviceMessages.enquiryReceived).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(await leadsFor('trapped@lagos.example')).toEqual([]);
    const [held] = await heldFor('trapped@lagos.example');
    expect(JSON.parse(held!.reasons)).toEqual(['honeypot']);
    await context.close();
  });

  it('a held enquiry keeps its source and first landing, and its release brings them to the lead (issue 40)', async () => {
    // A person's browser, so the visit is counted (Headless Chromium names itself, a known bot).
    const { page, context, stampedAt } = await openWithStamp(
      '/?utm_source=newsletter&utm_campaign=tabaski#contact-us',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/135.0.0.0 Safari/537.36',
    );
    await page.waitForLoadState('load');
    const form = await fillEnquiry(page, 'held-source@lagos.example');
    await page.locator('input[name="homepage"]').first().fill('https://spam.example', { force: true });
    await afterAPersonsPace(page, stampedAt);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => form.getByText(serviceMessages.enquiryReceived).isVisible()).toBe(true);
    await context.close();
    const [held] = await heldFor('held-source@lagos.example');
    expect(held!.source).toMatchObject({
      channel: 'site',
      form_page: '/',
      visit: { entry_path: '/', utm_source: 'newsletter', utm_campaign: 'tabaski' },
      first_touch: { path: '/', utm_source: 'newsletter', utm_campaign: 'tabaski' },
    });
    await releaseQuarantined(site.app, site.app.config, held!.id, commandActor('leads'));
    const [lead] = await leadsFor('held-source@lagos.example');
    expect(JSON.parse(lead!.source!)).toEqual(held!.source);
  });

  it('a calculator with its hidden field filled still shows the result, and its savings lead waits in quarantine', async () => {
    const { page, context, stampedAt } = await openWithStamp('/calculator');
    const form = page.getByRole('form', { name: 'Savings calculator' });
    await form.getByLabel('Number of customers').fill('20000');
    await form.getByLabel('Current annual cost (USD)').fill('12000');
    await form.getByLabel('Email Address', { exact: true }).fill('trapped@nairobi.example');
    await form.getByRole('checkbox', { name: 'Campaign Mailing' }).check();
    await form.locator('input[name="homepage"]').fill('https://spam.example', { force: true });
    await afterAPersonsPace(page, stampedAt);
    const sent = page.waitForResponse((response) => response.url().endsWith('/services/sales/leads'));
    await form.getByRole('button', { name: 'Estimate your savings' }).click();
    expect((await sent).ok()).toBe(true);
    expect(await page.getByTestId('savings').isVisible()).toBe(true);
    expect(await leadsFor('trapped@nairobi.example')).toEqual([]);
    const [held] = await heldFor('trapped@nairobi.example');
    expect(JSON.parse(held!.reasons)).toEqual(['honeypot']);
    await context.close();
  });

  it('a person without JavaScript who takes their time is a lead; a post that never loaded the page is held (D30)', async () => {
    const { page, context } = await site.openPage(viewports[1], { javaScript: false });
    await page.goto(`${site.url}/contact`);
    const loadedAt = Date.now();
    const form = await fillEnquiry(page, 'no-script@accra.example');
    await afterAPersonsPace(page, loadedAt);
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(/\/sent\?form=enquiry&reference=/);
    expect(await leadsFor('no-script@accra.example')).toHaveLength(1);
    expect(await heldFor('no-script@accra.example')).toEqual([]);
    await context.close();

    const direct = await fetch(`${site.url}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        form_name: 'enquiry',
        fullname: 'Posted Directly',
        email: 'direct@bot.example',
        subject: 'Offer',
        body: 'Never loaded the page.',
      }),
      redirect: 'manual',
    });
    // The same answer a person gets, so a bot learns nothing; the post waits in quarantine.
    expect(direct.status).toBe(303);
    expect(await leadsFor('direct@bot.example')).toEqual([]);
    const [held] = await heldFor('direct@bot.example');
    expect(JSON.parse(held!.reasons)).toEqual(['no_stamp']);
  });
});
